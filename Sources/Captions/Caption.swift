/// One caption as it appears on screen: text shown from `start` until `end`.
public struct Caption: Sendable, Equatable {
    public var text: String
    public var start: Double  // seconds
    public var end: Double  // seconds
    public var language: String?  // BCP-47

    public init(text: String, start: Double, end: Double, language: String? = nil) {
        self.text = text
        self.start = start
        self.end = end
        self.language = language
    }

    /// Whether the caption is on screen at `time` (start inclusive, end exclusive).
    public func covers(_ time: Double) -> Bool { time >= start && time < end }
}
