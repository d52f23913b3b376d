import Foundation
import TestSupport
import XCTest

@testable import Speech

/// Every line of Tests/Cases/recognizer-protocol.json read as the message it says, and every
/// line that breaks the protocol refused with the problem it names.
final class ProtocolTests: XCTestCase {
    struct Cases: Decodable {
        struct Read: Decodable {
            var line: String
            var reads: String
        }
        struct Refused: Decodable {
            var line: String
            var error: String
        }
        var lines: [Read]
        var errors: [Refused]
    }

    func testLinesReadAsTheirMessages() throws {
        let cases = try Repository.cases(Cases.self, "recognizer-protocol.json")
        XCTAssertFalse(cases.lines.isEmpty)
        for item in cases.lines {
            let message = try RecognizerMessage(line: Data(item.line.utf8))
            XCTAssertEqual(Self.describe(message), item.reads, item.line)
        }
    }

    func testBrokenLinesNameTheProblem() throws {
        let cases = try Repository.cases(Cases.self, "recognizer-protocol.json")
        XCTAssertFalse(cases.errors.isEmpty)
        for item in cases.errors {
            do {
                let message = try RecognizerMessage(line: Data(item.line.utf8))
                XCTFail("\(item.line) read as \(message)")
            } catch {
                XCTAssertTrue(error.description.hasPrefix(item.error), "\(item.line): \(error.description)")
            }
        }
    }

    /// The request line carries every field protocol 1 asks for, and the samples' count.
    func testRequestLineHasEveryField() throws {
        let model = SpeechModel(location: "/m/base", isHubName: false, identity: "x")
        var settings = RecognitionSettings(language: "pt-BR", threads: 3)
        settings.languageThreshold = 0.6
        let line = RecognizerRequest(model: model, settings: settings, samples: 16000).line()
        XCTAssertEqual(line.last, 0x0A)
        let fields = try XCTUnwrap(JSONSerialization.jsonObject(with: line) as? [String: Any])
        let expected = [
            "protocol", "model", "download", "compute_type", "device", "threads", "language", "languages",
            "language_threshold", "detect_segments", "vad", "beam_size", "batched", "sample_rate", "samples",
        ]
        XCTAssertEqual(Set(fields.keys), Set(expected))
        XCTAssertEqual(fields["language"] as? String, "pt")
        XCTAssertEqual(fields["threads"] as? Int, 3)
        XCTAssertEqual(fields["samples"] as? Int, 16000)
        XCTAssertEqual(fields["download"] as? Bool, false)
        let detected = RecognizerRequest(model: model, settings: RecognitionSettings(), samples: 0).line()
        let detectedFields = try XCTUnwrap(JSONSerialization.jsonObject(with: detected) as? [String: Any])
        XCTAssertTrue(detectedFields["language"] is NSNull, "a language to detect is null")
        XCTAssertTrue(detectedFields["languages"] is NSNull, "any language: null")
        XCTAssertTrue(fields["languages"] is NSNull, "a language given: nothing to detect among")
        // --language auto:en,jv: detection among Whisper's codes.
        let among = RecognizerRequest(model: model, settings: RecognitionSettings(languages: ["en", "jw"]), samples: 0).line()
        let amongFields = try XCTUnwrap(JSONSerialization.jsonObject(with: among) as? [String: Any])
        XCTAssertEqual(amongFields["languages"] as? [String], ["en", "jw"])
        XCTAssertTrue(amongFields["language"] is NSNull)
    }

    /// A message as the case file's `reads` says it: `-` for a field the line left out.
    static func describe(_ message: RecognizerMessage) -> String {
        func number(_ value: Double?) -> String { value.map { "\($0)" } ?? "-" }
        switch message {
        case .ready(let info):
            return "ready \(info.engine) \(info.version ?? "-") protocol \(info.protocolVersion.map(String.init) ?? "-") "
                + "model \(info.model ?? "-") \(info.device ?? "-") \(info.computeType ?? "-")"
        case .language(let guess):
            return "language \(guess.language) \(guess.probability) candidates "
                + guess.candidates.map { "\($0.language) \($0.probability)" }.joined(separator: ", ")
        case .progress(let seconds, let total): return "progress \(seconds) of \(number(total))"
        case .segment(let segment):
            let words = segment.words.map { "\"\($0.word)\" \($0.start)-\($0.end) \(number($0.probability))" }
            return "segment \(segment.start)-\(segment.end) \"\(segment.text)\" logprob \(number(segment.avgLogprob)) "
                + "nospeech \(number(segment.noSpeechProb)) ratio \(number(segment.compressionRatio)) words "
                + words.joined(separator: ", ")
        case .done(let totals):
            return "done \(number(totals.audioSeconds)) \(number(totals.speechSeconds)) \(totals.transcribed)"
        case .error(let kind, let text): return "error \(kind) \(text)"
        case .unknown(let type): return "unknown \(type)"
        }
    }
}
