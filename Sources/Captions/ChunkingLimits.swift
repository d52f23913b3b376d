/// How long an on-screen caption may be, from the preset, and the reading rules per language
/// (for captions a recognizer timed).
public struct ChunkingLimits: Sendable, Equatable {
    public var maxCharacters: Int  // per caption, spaces included; a CJK character counts as two
    public var maxDuration: Double  // seconds
    public var minDuration: Double  // seconds
    public var minGap: Double  // seconds between two captions (the pipeline sets two frames)
    /// Reading rules by language tag as the captions name it (lowercased; "" for none); a
    /// language without a row has none.
    public var reading: [String: ReadingLimits]
    /// The closed-class tables a split asks where a phrase may end (none: by length alone).
    public var phrases: PhraseTables = .none

    public init(
        maxCharacters: Int = 42, maxDuration: Double = 4, minDuration: Double = 0.8, minGap: Double = 2.0 / 30,
        reading: [String: ReadingLimits] = [:]
    ) {
        self.maxCharacters = maxCharacters
        self.maxDuration = maxDuration
        self.minDuration = minDuration
        self.minGap = minGap
        self.reading = reading
    }

    /// The shortest a piece of a hand-timed cue may be on screen: the shortest time, and at
    /// least a frame (half the gap). // seconds
    public var shortestPiece: Double { max(minDuration, minGap / 2) }

    /// The reading rules for captions in `language`, if any.
    public func reading(for language: String?) -> ReadingLimits? { reading[(language ?? "").lowercased()] }
}
