/// One word of a segment, as the recognizer timed it.
public struct Word: Sendable, Equatable {
    public var text: String
    public var start: Double  // seconds
    public var end: Double  // seconds
    public var confidence: Double?  // 0...1

    public init(text: String, start: Double, end: Double, confidence: Double? = nil) {
        self.text = text
        self.start = start
        self.end = end
        self.confidence = confidence
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

    public init(
        text: String, start: Double, end: Double, language: String? = nil, speaker: String? = nil,
        words: [Word] = []
    ) {
        self.text = text
        self.start = start
        self.end = end
        self.language = language
        self.speaker = speaker
        self.words = words
    }
}

/// Everything read from one caption file.
public struct Transcript: Sendable, Equatable {
    public var segments: [Segment]
    public var language: String?  // BCP-47, for segments that name none
    /// What the reader left out or changed without failing, one line each, for the caller to show as warnings.
    public var notes: [String]

    public init(segments: [Segment], language: String? = nil, notes: [String] = []) {
        self.segments = segments
        self.language = language
        self.notes = notes
    }
}
