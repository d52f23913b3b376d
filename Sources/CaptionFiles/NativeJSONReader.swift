import Captions

/// Reads burn-captions' native JSON: `{"language"?, "segments": [{"text", "start", "end",
/// "language"?, "speaker"?, "words"?: [{"text", "start", "end", "confidence"?, "emphasis"?}]}]}`.
enum NativeJSONReader {
    /// Reads the decoded top-level value of a native JSON file.
    static func read(_ root: Any, file: String) throws -> Transcript {
        try JSONDocument.readSegments(root, file: file, segment: segment)
    }

    private static func segment(_ fields: JSONObject, problems: inout ProblemList) -> Segment? {
        guard let text = fields.string("text", required: true, problems: &problems),
            let (start, end) = fields.times(problems: &problems)
        else { return nil }
        let words = fields.objects("words", problems: &problems, word)
        return Segment(
            text: text, start: start, end: end, language: fields.language(problems: &problems),
            speaker: fields.string("speaker", problems: &problems), words: words ?? [], source: fields.location.source)
    }

    private static func word(_ fields: JSONObject, problems: inout ProblemList) -> Word? {
        guard let text = fields.string("text", required: true, problems: &problems),
            let (start, end) = fields.times(problems: &problems)
        else { return nil }
        let confidence = fields.number("confidence", expecting: "a number from 0 to 1", problems: &problems)
        let emphasis = fields.bool("emphasis", problems: &problems) ?? false
        return Word(text: text, start: start, end: end, confidence: confidence, emphasis: emphasis)
    }
}
