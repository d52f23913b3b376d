import Foundation

/// One line a recognizer writes on its standard output (protocol 1, docs/RECOGNIZER.md).
public enum RecognizerMessage: Sendable, Equatable {
    /// The engine is loaded and names itself.
    case ready(EngineInfo)
    /// The language the engine detected (or was given), with the likeliest candidates.
    case language(LanguageGuess)
    /// How much of the audio is done. // seconds
    case progress(seconds: Double, total: Double?)
    /// One recognized segment, with its words.
    case segment(RecognizedSegment)
    /// The engine finished; `transcribed` is false when it stopped after detection.
    case done(RecognitionTotals)
    /// The engine failed: `kind` is model, input, engine or language.
    case error(kind: String, message: String)
    /// A line of a type this version does not know (a newer engine): skipped.
    case unknown(type: String)

    /// The message `line` holds; throws `RecognizerProtocolError` for a line that is not one.
    public init(line: Data) throws(RecognizerProtocolError) {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let type: String
        do {
            type = try decoder.decode(Kind.self, from: line).type
        } catch {
            throw RecognizerProtocolError(Self.describe(error, prefix: "not a message"))
        }
        do {
            switch type {
            case "ready": self = .ready(try decoder.decode(EngineInfo.self, from: line))
            case "language": self = .language(try decoder.decode(LanguageGuess.self, from: line))
            case "progress":
                let progress = try decoder.decode(Progress.self, from: line)
                self = .progress(seconds: progress.seconds, total: progress.total)
            case "segment": self = .segment(try decoder.decode(RecognizedSegment.self, from: line))
            case "done": self = .done(try decoder.decode(RecognitionTotals.self, from: line))
            case "error":
                let failure = try decoder.decode(Failure.self, from: line)
                self = .error(kind: failure.kind ?? "engine", message: failure.message)
            default: self = .unknown(type: type)
            }
        } catch {
            throw RecognizerProtocolError(Self.describe(error, prefix: "\"\(type)\""))
        }
    }

    private struct Kind: Decodable { var type: String }
    private struct Progress: Decodable {
        var seconds: Double
        var total: Double?
    }
    private struct Failure: Decodable {
        var kind: String?
        var message: String
    }

    /// What is wrong with a line, in the protocol's field names.
    private static func describe(_ error: Error, prefix: String) -> String {
        func path(_ keys: [CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        }
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "\(prefix): \(path(context.codingPath + [key]).dropFirst()) missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "\(prefix): \(path(context.codingPath).dropFirst()) has the wrong type"
        case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
            return "\(prefix): not JSON"
        case DecodingError.dataCorrupted(let context):
            return "\(prefix): \(path(context.codingPath).dropFirst()): \(context.debugDescription)"
        default:
            return "\(prefix): \(error)"
        }
    }
}

/// A line of a recognizer's output that breaks the protocol.
public struct RecognizerProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// What the engine says of itself when it is ready.
public struct EngineInfo: Sendable, Equatable, Codable {
    public var protocolVersion: Int?
    public var engine: String
    public var version: String?
    public var model: String?
    public var device: String?
    public var computeType: String?

    enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol", engine, version, model, device, computeType
    }
}

/// A detected language and the likeliest candidates, best first.
public struct LanguageGuess: Sendable, Equatable, Codable {
    public var language: String
    public var probability: Double  // 0...1
    public var candidates: [Candidate]

    public struct Candidate: Sendable, Equatable, Codable {
        public var language: String
        public var probability: Double  // 0...1
    }

    public init(language: String, probability: Double, candidates: [Candidate]) {
        (self.language, self.probability, self.candidates) = (language, probability, candidates)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        language = try container.decode(String.self, forKey: .language)
        probability = try container.decode(Double.self, forKey: .probability)
        candidates = try container.decodeIfPresent([Candidate].self, forKey: .candidates) ?? []
    }
}

/// One segment as the engine recognized it; times in seconds from the first sample sent.
public struct RecognizedSegment: Sendable, Equatable, Codable {
    public var start: Double
    public var end: Double
    public var text: String
    public var avgLogprob: Double?
    public var noSpeechProb: Double?  // 0...1
    public var compressionRatio: Double?
    public var words: [RecognizedWord]

    public init(
        start: Double, end: Double, text: String, avgLogprob: Double? = nil, noSpeechProb: Double? = nil,
        compressionRatio: Double? = nil, words: [RecognizedWord] = []
    ) {
        (self.start, self.end, self.text) = (start, end, text)
        (self.avgLogprob, self.noSpeechProb, self.compressionRatio, self.words) = (avgLogprob, noSpeechProb, compressionRatio, words)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        start = try container.decode(Double.self, forKey: .start)
        end = try container.decode(Double.self, forKey: .end)
        text = try container.decode(String.self, forKey: .text)
        avgLogprob = try container.decodeIfPresent(Double.self, forKey: .avgLogprob)
        noSpeechProb = try container.decodeIfPresent(Double.self, forKey: .noSpeechProb)
        compressionRatio = try container.decodeIfPresent(Double.self, forKey: .compressionRatio)
        words = try container.decodeIfPresent([RecognizedWord].self, forKey: .words) ?? []
    }
}

/// One recognized word: its text as the engine wrote it (Whisper's leading space kept).
public struct RecognizedWord: Sendable, Equatable, Codable {
    public var word: String
    public var start: Double  // seconds
    public var end: Double  // seconds
    public var probability: Double?  // 0...1

    public init(word: String, start: Double, end: Double, probability: Double? = nil) {
        (self.word, self.start, self.end, self.probability) = (word, start, end, probability)
    }
}

/// What the engine reports when it is done.
public struct RecognitionTotals: Sendable, Equatable, Codable {
    public var audioSeconds: Double?
    public var speechSeconds: Double?  // what voice activity detection kept
    public var transcribed: Bool

    public init(audioSeconds: Double? = nil, speechSeconds: Double? = nil, transcribed: Bool = true) {
        (self.audioSeconds, self.speechSeconds, self.transcribed) = (audioSeconds, speechSeconds, transcribed)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        audioSeconds = try container.decodeIfPresent(Double.self, forKey: .audioSeconds)
        speechSeconds = try container.decodeIfPresent(Double.self, forKey: .speechSeconds)
        transcribed = try container.decodeIfPresent(Bool.self, forKey: .transcribed) ?? true
    }
}
