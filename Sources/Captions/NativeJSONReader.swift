import Foundation

/// Reads burn-captions' native JSON: `{"language"?, "segments": [{"text", "start", "end",
/// "language"?, "speaker"?, "words"?: [{"text", "start", "end", "confidence"?}]}]}`.
enum NativeJSONReader {
    static func parse(_ data: Data, file: String) throws -> Transcript {
        try read(JSONDocument.parse(data, file: file), file: file)
    }

    /// Reads the decoded top-level value of a native JSON file.
    static func read(_ root: Any, file: String) throws -> Transcript {
        var problems = ProblemList(file: file)
        guard let object = root as? [String: Any] else {
            throw CaptionError([CaptionProblem(file: file, message: "expected a JSON object at the top level")])
        }
        guard let list = object["segments"] as? [Any] else {
            throw CaptionError([CaptionProblem(file: file, field: "segments", message: "missing array")])
        }
        let top = JSONObject(fields: object, location: .root)
        let language = top.string("language", problems: &problems)
        var segments: [Segment] = []
        for fields in JSONObject.objects(in: list, at: .root.field("segments"), problems: &problems) {
            guard let text = fields.string("text", required: true, problems: &problems),
                let (start, end) = fields.times(problems: &problems)
            else { continue }
            var words: [Word] = []
            if fields.has("words") {
                guard let wordList = fields.objects("words", problems: &problems) else { continue }
                for word in wordList {
                    guard let wordText = word.string("text", required: true, problems: &problems),
                        let (wordStart, wordEnd) = word.times(problems: &problems)
                    else { continue }
                    let confidence = word.number("confidence", expecting: "a number from 0 to 1", problems: &problems)
                    words.append(Word(text: wordText, start: wordStart, end: wordEnd, confidence: confidence))
                }
            }
            segments.append(
                Segment(
                    text: text, start: start, end: end,
                    language: fields.string("language", problems: &problems),
                    speaker: fields.string("speaker", problems: &problems), words: words))
        }
        try problems.check()
        return Transcript(segments: segments, language: language)
    }
}
