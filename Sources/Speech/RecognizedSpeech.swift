import Captions

/// What recognition gave: the transcript the caption pipeline reads (segments on the caption
/// clock, in the language chosen, with word probabilities), and what is said about it.
public struct RecognizedSpeech: Sendable {
    /// The segments, with notes for each segment dropped as invented.
    public var transcript: Transcript
    /// The segments taken out as invented (the transcript's notes say the same).
    public var dropped: [DroppedSegment]
    /// The language the engine detected, with its candidates; nil when the user gave one.
    public var detected: LanguageGuess?
    /// The language of the captions (BCP-47).
    public var language: String?
    /// What the engine said of itself (nil from an engine that does not say).
    public var engine: EngineInfo?
    public var totals: RecognitionTotals
    /// The transcript came from the cache: nothing was recognized this time.
    public var cached: Bool
    /// What went wrong on the way without stopping it (a damaged cache entry replaced).
    public var warnings: [String]
    /// How long recognition took, cache lookups included. // seconds
    public var seconds: Double

    /// How many words are below `threshold` probability (for a person to check).
    public func uncertainWords(below threshold: Double) -> Int {
        transcript.segments.reduce(0) { $0 + $1.words.filter { ($0.confidence ?? 1) < threshold }.count }
    }
}
