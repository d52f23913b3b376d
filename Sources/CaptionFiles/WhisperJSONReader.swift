import Captions

/// Reads openai-whisper and faster-whisper JSON: `{"text"?, "language"?, "segments": [{"id"?,
/// "seek"?, "start", "end", "text", "tokens"?, "avg_logprob"?, "no_speech_prob"?, "words"?:
/// [{"word", "start", "end", "probability"?}]}]}`, times in seconds. Segment and word texts
/// (Whisper writes " Hello") are trimmed; a word without `start` or `end` (faster-whisper can
/// leave them out) is skipped, its text staying in the segment's. `language` is kept when it is
/// a 2- or 3-letter code ("en"), dropped otherwise ("japanese").
enum WhisperJSONReader {
    /// Segment keys that Whisper writes and native JSON does not.
    static let segmentKeys = ["id", "seek", "tokens", "avg_logprob", "no_speech_prob"]

    /// Whether the decoded JSON `root` is Whisper output: its first segment has one of
    /// `segmentKeys`, or words with a `word` key.
    static func recognizes(_ root: Any) -> Bool {
        guard let top = root as? [String: Any], let segments = top["segments"] as? [Any],
            let first = segments.first as? [String: Any]
        else { return false }
        if segmentKeys.contains(where: { first[$0] != nil }) { return true }
        return ((first["words"] as? [Any])?.first as? [String: Any])?["word"] != nil
    }

    /// Reads the decoded top-level value of a Whisper JSON file.
    static func read(_ root: Any, file: String) throws -> Transcript {
        try JSONDocument.readSegments(
            root, file: file, language: { top, problems in top.string("language", problems: &problems).flatMap(languageCode) },
            segment: segment)
    }

    /// The segment `fields` describe, or nil when its text is empty (or on a problem).
    private static func segment(_ fields: JSONObject, problems: inout ProblemList) -> Segment? {
        guard let text = fields.string("text", required: true, problems: &problems),
            let (start, end) = fields.times(problems: &problems)
        else { return nil }
        let words = fields.objects("words", problems: &problems, word)
        let trimmed = String(text[...].trimmingWhitespace())
        return trimmed.isEmpty ? nil : Segment(
                text: trimmed, start: start, end: end, words: words ?? [], source: fields.location.source)
    }

    /// The word `fields` describe, or nil when it has no timing or no text (or a problem).
    private static func word(_ fields: JSONObject, problems: inout ProblemList) -> Word? {
        guard let text = fields.string("word", required: true, problems: &problems),
            fields.has("start"), fields.has("end"),
            let (start, end) = fields.times(problems: &problems)
        else { return nil }
        let confidence = fields.number("probability", expecting: "a number from 0 to 1", problems: &problems)
        let trimmed = String(text[...].trimmingWhitespace())
        return trimmed.isEmpty ? nil : Word(text: trimmed, start: start, end: end, confidence: confidence)
    }

    /// `name` lowercased when it is a 2- or 3-letter language code, else nil.
    static func languageCode(_ name: String) -> String? {
        (2...3).contains(name.count) && name.allSatisfy({ $0.isASCII && $0.isLetter }) ? name.lowercased() : nil
    }
}
