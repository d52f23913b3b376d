/// What forced alignment gives: the cues with their words timed, and what it did.
public struct ForcedAlignment: Sendable, Equatable {
    /// How much of a cue file the recognized words timed, for a notice.
    public struct Summary: Sendable, Equatable {
        /// Cues aligned: those without word times of their own.
        public var cues: Int
        /// Their words (tokens that hold a letter, digit or symbol; punctuation apart).
        public var words: Int
        /// Words that took a recognized word's times; the rest lie between them by length.
        public var matchedWords: Int
        /// Cues that no recognized word matched: they keep their evenly spread times.
        public var estimatedCues: Int

        public init(cues: Int = 0, words: Int = 0, matchedWords: Int = 0, estimatedCues: Int = 0) {
            self.cues = cues
            self.words = words
            self.matchedWords = matchedWords
            self.estimatedCues = estimatedCues
        }

        /// One line for the user: `aligned 118 of 120 words to the speech; 1 of 30 cue(s) kept
        /// evenly spread word times`.
        public var notice: String {
            let kept = estimatedCues > 0 ? "; \(estimatedCues) of \(cues) cue(s) kept evenly spread word times" : ""
            return "aligned \(matchedWords) of \(words) words to the speech\(kept)"
        }
    }

    /// The cues in the order given, with the same text, times and everything else; only `words` changed.
    public var segments: [Segment]
    public var summary: Summary

    public init(segments: [Segment], summary: Summary) {
        self.segments = segments
        self.summary = summary
    }
}
