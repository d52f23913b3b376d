import Captions
import Foundation
import TestSupport
import XCTest

@testable import CaptionFiles

final class NativeJSONReaderTests: XCTestCase {
    static let samples = Repository.samples

    func testReadsTheSampleWithWordTimings() throws {
        let transcript = try CaptionReader.read(Self.samples.appendingPathComponent("talk.json"))
        XCTAssertEqual(transcript.language, "en")
        XCTAssertGreaterThanOrEqual(transcript.segments.count, 5)
        for segment in transcript.segments {
            XCTAssertFalse(segment.words.isEmpty, segment.text)
            XCTAssertEqual(segment.words.first?.start, segment.start)
            XCTAssertEqual(segment.words.last?.end, segment.end)
            XCTAssertEqual(segment.words.map(\.text).joined(separator: " "), segment.text)
        }
    }

    func testSampleJSONAndSRTAgree() throws {
        let json = try CaptionReader.read(Self.samples.appendingPathComponent("talk.json"))
        let srt = try CaptionReader.read(Self.samples.appendingPathComponent("talk.srt"))
        XCTAssertEqual(json.segments.map(\.text), srt.segments.map(\.text))
        for (a, b) in zip(json.segments, srt.segments) {
            XCTAssertEqual(a.start, b.start, accuracy: 0.0005)
            XCTAssertEqual(a.end, b.end, accuracy: 0.0005)
        }
    }

    func testReportsFieldsByPath() {
        let text = """
            {"segments": [
              {"text": "ok", "start": 0, "end": 1},
              {"text": "backwards", "start": 3, "end": 2},
              {"start": 4, "end": 5},
              {"text": "words", "start": 5, "end": 6, "words": [{"text": "w", "start": "x", "end": 6}]}
            ]}
            """
        XCTAssertThrowsError(try CaptionReader.parse(Data(text.utf8), file: "c.json", format: nil)) { error in
            XCTAssertEqual(
                (error as? CaptionError)?.problems.map(\.description),
                [
                    "c.json: segments[1].end: ends (2.0) before it starts (3.0)",
                    "c.json: segments[2].text: missing",
                    "c.json: segments[3].words[0].start: expected a number of seconds",
                ])
        }
    }

    func testTruncatedFileAndNegativeTimes() {
        let truncated = "{\"segments\": [{\"text\": \"a\", \"start\": 0, \"end\": 1}, {\"text\": \"b\", \"sta"
        XCTAssertThrowsError(try CaptionReader.parse(Data(truncated.utf8), file: "t.json", format: .json)) { error in
            let message = (error as? CaptionError)?.description ?? ""
            XCTAssertTrue(message.hasPrefix("t.json: not valid JSON"), message)
        }
        let negative = "{\"segments\": [{\"text\": \"a\", \"start\": -1, \"end\": 1}, {\"text\": \"b\", \"start\": 2, \"end\": 3}]}"
        XCTAssertThrowsError(try CaptionReader.parse(Data(negative.utf8), file: "n.json", format: .json)) { error in
            XCTAssertEqual(
                (error as? CaptionError)?.problems.map(\.description), ["n.json: segments[0].start: start time -1.0 is negative"])
        }
        let late = "{\"segments\": [{\"text\": \"a\", \"start\": 0, \"end\": 2000000}]}"
        XCTAssertThrowsError(try CaptionReader.parse(Data(late.utf8), file: "l.json", format: .json)) { error in
            XCTAssertEqual(
                (error as? CaptionError)?.problems.map(\.description),
                ["l.json: segments[0].end: time 2000000.0 is beyond 1000000 seconds"])
        }
        // JSON has no NaN or infinity; a number too large for a Double is refused with the file's name.
        let huge = "{\"segments\": [{\"text\": \"a\", \"start\": 0, \"end\": 1e999}]}"
        XCTAssertThrowsError(try CaptionReader.parse(Data(huge.utf8), file: "h.json", format: .json)) { error in
            let message = (error as? CaptionError)?.description ?? ""
            XCTAssertTrue(message.hasPrefix("h.json: not valid JSON"), message)
        }
    }

    func testMalformedJSONNamesTheLine() {
        let text = "{\n\"segments\": [\n{\"text\": \"a\",, }\n]}"
        XCTAssertThrowsError(try CaptionReader.parse(Data(text.utf8), file: "m.json", format: .json)) { error in
            let message = (error as? CaptionError)?.description ?? ""
            XCTAssertTrue(message.hasPrefix("m.json: not valid JSON"), message)
        }
    }
}
