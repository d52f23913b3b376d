import Foundation
import XCTest

@testable import Captions

final class NativeJSONReaderTests: XCTestCase {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")

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

    func testMalformedJSONNamesTheLine() {
        let text = "{\n\"segments\": [\n{\"text\": \"a\",, }\n]}"
        XCTAssertThrowsError(try CaptionReader.parse(Data(text.utf8), file: "m.json", format: .json)) { error in
            let message = (error as? CaptionError)?.description ?? ""
            XCTAssertTrue(message.hasPrefix("m.json: not valid JSON"), message)
        }
    }
}
