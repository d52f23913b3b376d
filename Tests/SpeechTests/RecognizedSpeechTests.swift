import Captions
import Foundation
import TestSupport
import XCTest

@testable import Speech

/// What recognition keeps of an engine's segments (Tests/Cases/recognized-speech.json): the
/// language chosen or refused, segments invented over silence or looping taken out, words
/// stretched over a pause cut back to the voice, times on the caption clock.
final class RecognizedSpeechTests: XCTestCase {
    struct Cases: Decodable {
        struct Case: Decodable {
            var name: String
            var start: Double
            var audio: [Span]
            var language: Language
            var given: String?
            var among: [String]?  // --language auto:LIST
            var transcribed: Bool?  // false: the engine stopped after detection
            var threshold: Double?
            var segments: [RecognizedSegmentCase]
            var kept: [Kept]?
            var wordStarts: [Double]?
            var dropped: [String]?
            var captionLanguage: String?
            var segmentLanguages: [String]?  // each kept segment's, when not all captionLanguage
            var error: String?
        }
        struct Language: Decodable {
            var language: String
            var probability: Double
            var candidates: [Candidate]?
        }
        var cases: [Case]
    }

    func testCases() throws {
        let cases = try Repository.cases(Cases.self, "recognized-speech.json").cases
        XCTAssertFalse(cases.isEmpty)
        for item in cases {
            let audio = Self.audio(item.audio, start: item.start)
            var settings = RecognitionSettings(language: item.given, languages: item.among)
            if let threshold = item.threshold { settings.languageThreshold = threshold }
            let guess = LanguageGuess(
                language: item.language.language, probability: item.language.probability,
                candidates: (item.language.candidates ?? []).map { .init(language: $0.language, probability: $0.probability) })
            let messages: [RecognizerMessage] =
                [.ready(EngineInfo(engine: "test")), .language(guess)] + item.segments.map { .segment($0.segment) }
                + [.done(RecognitionTotals(transcribed: item.transcribed ?? true))]
            do {
                let speech = try Recognition.collect(messages, audio: audio, file: "talk.mp4", settings: settings)
                XCTAssertNil(item.error, "\(item.name): expected to fail")
                let segments = speech.transcript.segments
                XCTAssertEqual(segments.map(\.text), item.kept?.map(\.text), item.name)
                let languages = item.segmentLanguages ?? Array(repeating: item.captionLanguage ?? "-", count: segments.count)
                XCTAssertEqual(segments.map { $0.language ?? "-" }, languages, item.name)
                for (segment, kept) in zip(segments, item.kept ?? []) {
                    XCTAssertEqual(segment.start, kept.start, accuracy: 0.02, item.name)
                    XCTAssertEqual(segment.end, kept.end, accuracy: 0.02, item.name)
                }
                if let starts = item.wordStarts {
                    let found = segments.flatMap(\.words).map(\.start)
                    XCTAssertEqual(found.count, starts.count, item.name)
                    for (start, expected) in zip(found, starts) { XCTAssertEqual(start, expected, accuracy: 0.02, item.name) }
                }
                XCTAssertEqual(speech.dropped.count, item.dropped?.count, item.name)
                for (dropped, reason) in zip(speech.dropped, item.dropped ?? []) {
                    XCTAssertTrue(dropped.reason.hasPrefix(reason), "\(item.name): \(dropped.reason)")
                }
                XCTAssertEqual(speech.transcript.notes.count, speech.dropped.count, "each drop is a note")
                XCTAssertEqual(speech.language, item.captionLanguage, item.name)
            } catch let error as RecognitionError {
                let expected = try XCTUnwrap(item.error, "\(item.name): \(error)")
                XCTAssertTrue(error.description.hasPrefix(expected), "\(item.name): \(error.description)")
            }
        }
    }

    /// Audio of spans: a tone where there is voice, faint seeded noise where it is quiet.
    static func audio(_ spans: [Span], start: Double) -> SpeechAudio {
        let rate = Double(SpeechAudio.sampleRate)
        var generator = SeededGenerator(seed: 34)
        var samples: [Float] = []
        for span in spans {
            let count = Int(((span.to - span.from) * rate).rounded())
            for k in 0..<count {
                let t = Double(samples.count + k) / rate
                samples.append(
                    span.voice
                        ? Float(0.3 * sin(2 * .pi * 220 * t) + 0.1 * sin(2 * .pi * 660 * t))
                        : Float.random(in: -0.001...0.001, using: &generator))
            }
        }
        return SpeechAudio(samples: samples, start: start)
    }
}

/// `[from, to, "voice"|"quiet"]`, seconds.
struct Span: Decodable {
    var from: Double
    var to: Double
    var voice: Bool

    init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        from = try container.decode(Double.self)
        to = try container.decode(Double.self)
        voice = try container.decode(String.self) == "voice"
    }
}

/// `["th", 0.54]`.
struct Candidate: Decodable {
    var language: String
    var probability: Double

    init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        language = try container.decode(String.self)
        probability = try container.decode(Double.self)
    }
}

/// `["text", 1.5, 3.5]`: a kept segment's text and times on the caption clock.
struct Kept: Decodable {
    var text: String
    var start: Double
    var end: Double

    init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        text = try container.decode(String.self)
        start = try container.decode(Double.self)
        end = try container.decode(Double.self)
    }
}

/// A segment as the case file gives it: words as `[text, start, end, probability]`.
struct RecognizedSegmentCase: Decodable {
    var start: Double
    var end: Double
    var text: String
    var avg_logprob: Double?
    var no_speech_prob: Double?
    var compression_ratio: Double?
    var language: String?
    var words: [[WordField]]

    enum WordField: Decodable {
        case text(String)
        case number(Double)

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) { self = .number(number) } else { self = .text(try container.decode(String.self)) }
        }

        var text: String { if case .text(let text) = self { text } else { "" } }
        var number: Double { if case .number(let number) = self { number } else { .nan } }
    }

    var segment: RecognizedSegment {
        RecognizedSegment(
            start: start, end: end, text: text, avgLogprob: avg_logprob, noSpeechProb: no_speech_prob,
            compressionRatio: compression_ratio, language: language,
            words: words.map { RecognizedWord(word: $0[0].text, start: $0[1].number, end: $0[2].number, probability: $0[3].number) })
    }
}
