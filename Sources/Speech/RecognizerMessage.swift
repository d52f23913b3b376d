import Files
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
        if let problem = problem(within: nil) { throw RecognizerProtocolError("\"\(type)\": \(problem)") }
    }

    /// How far past the audio's end a time may lie (rounding, a last word's end). // seconds
    public static let timeTolerance = 1.0

    /// The message, refused when a time lies outside the `seconds` of audio sent (give or
    /// take `timeTolerance`); the checks `init(line:)` makes without knowing the audio hold
    /// already: every number finite, times not negative, ends not before starts,
    /// probabilities 0–1.
    public func checked(within seconds: Double) throws(RecognizerProtocolError) -> RecognizerMessage {
        if let problem = problem(within: seconds) { throw RecognizerProtocolError("\"\(type)\": \(problem)") }
        return self
    }

    /// The line's type, as written.
    var type: String {
        switch self {
        case .ready: return "ready"
        case .language: return "language"
        case .progress: return "progress"
        case .segment: return "segment"
        case .done: return "done"
        case .error: return "error"
        case .unknown(let type): return type
        }
    }

    /// What is wrong with the message's numbers, in the protocol's field names, or nil; with
    /// `seconds`, a time must also lie within the audio.
    private func problem(within seconds: Double?) -> String? {
        var check = NumberCheck(audioSeconds: seconds)
        switch self {
        case .ready, .error, .unknown: break
        case .language(let guess):
            check.language(guess.language, "language")
            check.probability(guess.probability, "probability")
            for (index, candidate) in guess.candidates.enumerated() { check.probability(candidate.probability, "candidates[\(index)].probability") }
        case .progress(let done, let total):
            check.time(done, "seconds")
            if let total { check.time(total, "total") }
        case .segment(let segment):
            check.span(segment.start, segment.end, "")
            if let language = segment.language { check.language(language, "language") }
            if let value = segment.avgLogprob { check.finite(value, "avg_logprob") }
            if let value = segment.noSpeechProb { check.probability(value, "no_speech_prob") }
            if let value = segment.compressionRatio { check.finite(value, "compression_ratio", least: 0) }
            for (index, word) in segment.words.enumerated() {
                check.span(word.start, word.end, "words[\(index)].")
                if index > 0 { check.order(word.start, after: segment.words[index - 1].start, "words[\(index)].start", "words[\(index - 1)]") }
                if let value = word.probability { check.probability(value, "words[\(index)].probability") }
            }
        case .done(let totals):
            if let value = totals.audioSeconds { check.time(value, "audio_seconds") }
            if let value = totals.speechSeconds { check.time(value, "speech_seconds") }
        }
        return check.problem
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

    /// What is wrong with a line, in the protocol's field names (`DecodingProblem`).
    private static func describe(_ error: Error, prefix: String) -> String {
        guard let error = error as? DecodingError else { return "\(prefix): \(error)" }
        return "\(prefix): \(DecodingProblem(error))"
    }
}

/// The first number of a message that cannot be what its field says, found field by field.
private struct NumberCheck {
    /// The audio's length, when known: times must lie within it. // seconds
    var audioSeconds: Double?
    private(set) var problem: String?

    /// A finite number, at least `least`.
    mutating func finite(_ value: Double, _ field: String, least: Double = -.infinity) {
        guard problem == nil else { return }
        if !value.isFinite {
            problem = "\(field) is \(value), not a finite number"
        } else if value < least {
            problem = "\(field) is \(value), less than \(least)"
        }
    }

    /// A probability, 0 to 1.
    mutating func probability(_ value: Double, _ field: String) {
        guard problem == nil else { return }
        if !value.isFinite || value < 0 || value > 1 { problem = "\(field) is \(value), not a probability (0 to 1)" }
    }

    /// A time in seconds: finite, not negative, and within the audio when its length is known.
    mutating func time(_ value: Double, _ field: String) {
        guard problem == nil else { return }
        if !value.isFinite {
            problem = "\(field) is \(value), not a time in seconds"
        } else if value < 0 {
            problem = "\(field) is \(value), before the audio's start"
        } else if let audioSeconds, value > audioSeconds + RecognizerMessage.timeTolerance {
            problem = "\(field) is \(value), after the audio's end (\(String(format: "%.3f", audioSeconds)) s)"
        }
    }

    /// One of Whisper's language codes.
    mutating func language(_ code: String, _ field: String) {
        if problem == nil, !WhisperLanguages.contains(code) {
            problem = "\(field) is \"\(code.prefix(40))\", not one of Whisper's language codes (en, fr, …)"
        }
    }

    /// A start not before the start of what comes before it (`before` names it).
    mutating func order(_ start: Double, after earlier: Double, _ field: String, _ before: String) {
        if problem == nil, start < earlier { problem = "\(field) \(start) is before \(before)'s start \(earlier): words are in time order" }
    }

    /// A start and an end time (`prefix` names their object), the end not before the start.
    mutating func span(_ start: Double, _ end: Double, _ prefix: String) {
        time(start, prefix + "start")
        time(end, prefix + "end")
        if problem == nil, end < start { problem = "\(prefix)end \(end) is before its start \(start)" }
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
    /// The language the engine transcribed it in (Whisper's code); nil from an engine that
    /// does not say (the recording's language then).
    public var language: String?
    public var words: [RecognizedWord]

    public init(
        start: Double, end: Double, text: String, avgLogprob: Double? = nil, noSpeechProb: Double? = nil,
        compressionRatio: Double? = nil, language: String? = nil, words: [RecognizedWord] = []
    ) {
        (self.start, self.end, self.text, self.language) = (start, end, text, language)
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
        language = try container.decodeIfPresent(String.self, forKey: .language)
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
