/// One word of a segment, as the recognizer timed it.
public struct Word: Sendable, Equatable {
    public var text: String
    public var start: Double  // seconds
    public var end: Double  // seconds
    public var confidence: Double?  // 0...1
    /// The times were spread over a cue's length (or between timed neighbours), not measured
    /// by a recognizer: the timing fix leaves such a word alone.
    public var estimated: Bool
    /// The word is stressed: a look may show it apart (native JSON `"emphasis": true`, or an
    /// `EmphasisList`).
    public var emphasis: Bool
    /// The speaker's name shown before their words (`--speaker-labels`), not a spoken word:
    /// a look never makes it the spoken one.
    public var isLabel: Bool

    public init(
        text: String, start: Double, end: Double, confidence: Double? = nil, estimated: Bool = false,
        emphasis: Bool = false, isLabel: Bool = false
    ) {
        self.text = text
        self.start = start
        self.end = end
        self.confidence = confidence
        self.estimated = estimated
        self.emphasis = emphasis
        self.isLabel = isLabel
    }
}

/// One timed piece of transcript, as a caption file gives it.
public struct Segment: Sendable, Equatable {
    public var text: String
    public var start: Double  // seconds
    public var end: Double  // seconds
    public var language: String?  // BCP-47
    public var speaker: String?
    public var words: [Word]
    /// Where the file holds it; not part of equality (what is shown and when).
    public var source: SourceLocation?
    /// Where the file places it on screen (`{\an8}`), when it says.
    public var position: CaptionPosition?

    public init(
        text: String, start: Double, end: Double, language: String? = nil, speaker: String? = nil,
        words: [Word] = [], source: SourceLocation? = nil, position: CaptionPosition? = nil
    ) {
        self.text = text
        self.start = start
        self.end = end
        self.language = language
        self.speaker = speaker
        self.words = words
        self.source = source
        self.position = position
    }

    public static func == (a: Segment, b: Segment) -> Bool {
        (a.text, a.start, a.end, a.language, a.speaker) == (b.text, b.start, b.end, b.language, b.speaker)
            && a.words == b.words && a.position == b.position
    }
}

/// Everything read from one caption file.
public struct Transcript: Sendable, Equatable {
    public var segments: [Segment]
    public var language: String?  // BCP-47, for segments that name none
    /// What the reader left out or changed without failing, located where it can be, for the
    /// caller to show as warnings.
    public var notes: [CaptionProblem]
    /// Cues left out because they are malformed (SubRip and WebVTT), each with why: warnings,
    /// or the error of a strict read (CaptionFiles' `CaptionReader`).
    public var dropped: [CaptionProblem]

    public init(
        segments: [Segment], language: String? = nil, notes: [CaptionProblem] = [], dropped: [CaptionProblem] = []
    ) {
        self.segments = segments
        self.language = language
        self.notes = notes
        self.dropped = dropped
    }
}
