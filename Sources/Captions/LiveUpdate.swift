/// One caption item of a live source, in the order it arrived: a call SDK's item (the
/// utterance so far, refined until its final) or a streaming recognizer's (the utterance so
/// far, of which the first `committedCount` words will never change).
public struct LiveUpdate: Sendable, Equatable {
    /// Who speaks: the SDK's `speakerId`, else its `displayName`; nil for one anonymous speaker.
    public var speaker: String?
    /// The name to show for the speaker.
    public var displayName: String?
    /// The utterance so far, words separated by spaces.
    public var text: String
    /// The utterance is over: its words are all committed and the next item of this speaker
    /// opens the next utterance.
    public var isFinal: Bool
    /// How many of the words the source itself commits (a streaming recognizer's local
    /// agreement); nil for a source that only refines (a call SDK's partials), whose words are
    /// committed by agreement across its items (`LiveTranscript.settledWords`).
    public var committedCount: Int?
    /// The words of `text` with their times on the stream, where the source says: a
    /// recognizer's word times, or a feed item's `start` to `end` shared out by length
    /// (`estimated`). `--delay` shows each word at its start.
    public var wordTimes: [Word]?

    public init(
        speaker: String?, displayName: String? = nil, text: String, isFinal: Bool, committedCount: Int? = nil, wordTimes: [Word]? = nil
    ) {
        (self.speaker, self.displayName, self.text, self.isFinal, self.committedCount, self.wordTimes) =
            (speaker, displayName, text, isFinal, committedCount, wordTimes)
    }

    /// The text's words (split at white space).
    public var words: [String] { text.split(whereSeparator: \.isWhitespace).map(String.init) }
}
