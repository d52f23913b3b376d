import Foundation

/// Reads burn-captions' native JSON: `{"language"?, "segments": [{"text", "start", "end",
/// "language"?, "speaker"?, "words"?: [{"text", "start", "end", "confidence"?}]}]}`.
enum NativeJSONReader {
    static func parse(_ data: Data, file: String) throws -> Transcript {
        var problems = ProblemList(file: file)
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw CaptionError([
                CaptionProblem(file: file, message: "not valid JSON (\(jsonFailure(error, data: data)))")
            ])
        }
        guard let object = root as? [String: Any] else {
            throw CaptionError([CaptionProblem(file: file, message: "expected a JSON object at the top level")])
        }
        guard let list = object["segments"] as? [Any] else {
            throw CaptionError([CaptionProblem(file: file, field: "segments", message: "missing array")])
        }
        let language = string(object["language"], field: "language", problems: &problems)
        var segments: [Segment] = []
        for (i, item) in list.enumerated() {
            let path = "segments[\(i)]"
            guard let fields = item as? [String: Any] else {
                problems.add(field: path, "expected an object")
                continue
            }
            guard let text = string(fields["text"], field: "\(path).text", problems: &problems, required: true),
                let (start, end) = times(fields, path: path, problems: &problems)
            else { continue }
            var words: [Word] = []
            if let rawWords = fields["words"] {
                guard let wordList = rawWords as? [Any] else {
                    problems.add(field: "\(path).words", "expected an array")
                    continue
                }
                for (j, rawWord) in wordList.enumerated() {
                    let wordPath = "\(path).words[\(j)]"
                    guard let wordFields = rawWord as? [String: Any] else {
                        problems.add(field: wordPath, "expected an object")
                        continue
                    }
                    guard
                        let wordText = string(
                            wordFields["text"], field: "\(wordPath).text", problems: &problems, required: true),
                        let (wordStart, wordEnd) = times(wordFields, path: wordPath, problems: &problems)
                    else { continue }
                    let confidence = number(
                        wordFields["confidence"], field: "\(wordPath).confidence", problems: &problems)
                    words.append(Word(text: wordText, start: wordStart, end: wordEnd, confidence: confidence))
                }
            }
            segments.append(
                Segment(
                    text: text, start: start, end: end,
                    language: string(fields["language"], field: "\(path).language", problems: &problems),
                    speaker: string(fields["speaker"], field: "\(path).speaker", problems: &problems),
                    words: words))
        }
        try problems.check()
        return Transcript(segments: segments, language: language)
    }

    private static func times(_ fields: [String: Any], path: String, problems: inout ProblemList) -> (
        Double, Double
    )? {
        guard let start = number(fields["start"], field: "\(path).start", problems: &problems, required: true),
            let end = number(fields["end"], field: "\(path).end", problems: &problems, required: true)
        else { return nil }
        if let problem = timeProblem(start: start, end: end) {
            problems.add(field: end < start ? "\(path).end" : "\(path).start", problem)
            return nil
        }
        return (start, end)
    }

    private static func string(_ value: Any?, field: String, problems: inout ProblemList, required: Bool = false)
        -> String?
    {
        switch value {
        case nil, is NSNull:
            if required { problems.add(field: field, "missing") }
            return nil
        case let text as String:
            return text
        default:
            problems.add(field: field, "expected a string")
            return nil
        }
    }

    private static func number(_ value: Any?, field: String, problems: inout ProblemList, required: Bool = false)
        -> Double?
    {
        switch value {
        case nil, is NSNull:
            if required { problems.add(field: field, "missing") }
            return nil
        case let number as NSNumber:
            return number.doubleValue
        default:
            problems.add(field: field, "expected a number of seconds")
            return nil
        }
    }

    /// JSONSerialization's message, with the line of the failure when it gives an offset.
    private static func jsonFailure(_ error: Error, data: Data) -> String {
        let info = (error as NSError).userInfo
        if let index = info["NSJSONSerializationErrorIndex"] as? Int {
            let line = data.prefix(index).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            return "syntax error near line \(line)"
        }
        return (info[NSDebugDescriptionErrorKey] as? String) ?? "syntax error"
    }
}
