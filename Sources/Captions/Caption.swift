/// One caption as it appears on screen: text shown from `start` until `end`, with the
/// timings of the words inside it.
public struct Caption: Sendable, Equatable {
    public var text: String
    public var start: Double  // seconds
    public var end: Double  // seconds
    public var language: String?  // BCP-47
    public var speaker: String?
    public var words: [Word]  // inside start...end; may be empty when the source had no word timings
    /// Where the caption file holds it (its cue's line or segment), for warnings; not part of
    /// equality (what is shown and when).
    public var source: SourceLocation?
    /// Where its file places it on screen; nil: the preset's anchor.
    public var position: CaptionPosition?
    /// Captions of different lanes may be on screen together, as separate blocks; within a
    /// lane one follows the other (`CaptionLanes`).
    public var lane: Int
    /// What the Captions stage changed in it (for `lint`); not part of equality.
    public var changes: [CaptionChange] = []
    /// The authored time of the hand-timed cue this caption is one of several pieces of: the
    /// pieces share it, and no later step (the shortest time on screen, a shot change) moves a
    /// piece out of it. nil for a whole cue and for speech a recognizer timed.
    public var cueTime: ClosedRange<Double>?

    public init(
        text: String, start: Double, end: Double, language: String? = nil, speaker: String? = nil, words: [Word] = [],
        source: SourceLocation? = nil, position: CaptionPosition? = nil, lane: Int = 0
    ) {
        self.text = text
        self.start = start
        self.end = end
        self.language = language
        self.speaker = speaker
        self.words = words
        self.source = source
        self.position = position
        self.lane = lane
    }

    public static func == (a: Caption, b: Caption) -> Bool {
        (a.text, a.start, a.end, a.language, a.speaker) == (b.text, b.start, b.end, b.language, b.speaker)
            && a.words == b.words && a.position == b.position && a.lane == b.lane
    }

    /// Whether the caption is on screen at `time` (start inclusive, end exclusive).
    public func covers(_ time: Double) -> Bool { time >= start && time < end }
}
