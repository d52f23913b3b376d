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
    /// The most words a caption holds (a look's or preset's `maxWords`, `--max-words`), 1...8;
    /// nil: no limit. A word is what `CaptionChunker` counts: a CJK word, a bound pair
    /// (`iPhone 15`) and a word with its emoji count once.
    public var maxWords: Int?
    /// The word limits a look, a preset or `--max-words` may set.
    public static let maxWordsRange = 1...8

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
    /// least a frame (half the gap); a frame alone under a word limit, whose pieces are
    /// shown however short (`lint` reports those read too fast). // seconds
    public var shortestPiece: Double { maxWords == nil ? max(minDuration, minGap / 2) : minGap / 2 }

    /// The reading rules for captions in `language`, if any.
    public func reading(for language: String?) -> ReadingLimits? { reading[(language ?? "").lowercased()] }
}
