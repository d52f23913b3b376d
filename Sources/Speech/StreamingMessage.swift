import Foundation

/// One line a streaming recognizer writes (protocol 2, docs/RECOGNIZER.md): the utterance so
/// far with how many of its words are committed, an utterance's end, audio skipped to keep up.
public enum StreamingMessage: Sendable, Equatable {
    /// A word with its times (stream seconds) and probability.
    public struct Word: Sendable, Equatable, Decodable {
        public var word: String
        public var start: Double
        public var end: Double
        public var probability: Double?
    }

    case ready
    case language(String)
    /// Utterance `utterance` so far; its first `committed` words never change from now on.
    case partial(utterance: Int, words: [Word], committed: Int)
    /// Utterance `utterance` is over: all its words are committed.
    case final(utterance: Int, words: [Word])
    /// Audio from `from` to `to` (seconds) was not decoded: the engine was behind.
    case skipped(from: Double, to: Double)
    case done
    case error(message: String)
    /// A type this version does not know: skipped.
    case unknown

    private struct Line: Decodable {
        var type: String
        var utterance: Int?
        var words: [Word]?
        var committed: Int?
        var from: Double?
        var to: Double?
        var language: String?
        var message: String?
    }

    /// The message `line` holds; throws `RecognizerProtocolError` for a line that is not one,
    /// or whose words are not in time order with finite, non-negative times.
    public init(line: Data) throws(RecognizerProtocolError) {
        let decoded: Line
        do {
            decoded = try JSONDecoder().decode(Line.self, from: line)
        } catch {
            throw RecognizerProtocolError("not a message: \(error.localizedDescription)")
        }
        func need<T>(_ value: T?, _ field: String) throws(RecognizerProtocolError) -> T {
            guard let value else { throw RecognizerProtocolError("\"\(decoded.type)\": \(field) is missing") }
            return value
        }
        switch decoded.type {
        case "ready": self = .ready
        case "language": self = .language(try need(decoded.language, "language"))
        case "partial":
            let words = try need(decoded.words, "words")
            let committed = try need(decoded.committed, "committed")
            guard (0...words.count).contains(committed) else {
                throw RecognizerProtocolError("\"partial\": committed \(committed) of \(words.count) words")
            }
            self = .partial(utterance: try need(decoded.utterance, "utterance"), words: words, committed: committed)
        case "final": self = .final(utterance: try need(decoded.utterance, "utterance"), words: try need(decoded.words, "words"))
        case "skipped": self = .skipped(from: try need(decoded.from, "from"), to: try need(decoded.to, "to"))
        case "done": self = .done
        case "error": self = .error(message: decoded.message ?? "no message")
        default: self = .unknown
        }
        for (index, word) in (decoded.words ?? []).enumerated() {
            guard word.start.isFinite, word.end.isFinite, word.start >= 0, word.end >= word.start else {
                throw RecognizerProtocolError("\"\(decoded.type)\": word \(index + 1) \"\(word.word)\" has times \(word.start)–\(word.end)")
            }
        }
    }
}
