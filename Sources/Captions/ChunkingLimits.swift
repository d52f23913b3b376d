/// How long an on-screen caption may be, from the preset.
public struct ChunkingLimits: Sendable, Equatable, Codable {
    public var maxCharacters: Int  // per caption, spaces included; a CJK character counts as two
    public var maxDuration: Double  // seconds
    public var minDuration: Double  // seconds
    public var minGap: Double  // seconds between two captions (the pipeline sets two frames)

    public init(maxCharacters: Int = 42, maxDuration: Double = 4, minDuration: Double = 0.8, minGap: Double = 2.0 / 30) {
        self.maxCharacters = maxCharacters
        self.maxDuration = maxDuration
        self.minDuration = minDuration
        self.minGap = minGap
    }
}
