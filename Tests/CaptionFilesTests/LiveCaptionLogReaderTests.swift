import Captions
import Foundation
import TestSupport
import XCTest

@testable import CaptionFiles

final class LiveCaptionLogReaderTests: XCTestCase {
    /// Two speakers talking over each other, as an SDK delivers it; Ben's last words never get a
    /// final item. 1714557600000 ms is 2024-05-01T10:00:00Z.
    static let jsonLines = """
        {"recordingStart": "2024-05-01T10:00:00Z"}
        {"text": "hello", "isFinal": false, "speakerId": "u1", "displayName": "Ana", "timestamp": 1714557601000}
        {"text": "hi", "isFinal": false, "speakerId": "u2", "displayName": "Ben", "timestamp": "2024-05-01T10:00:01.500Z"}
        {"text": "hello developer", "isFinal": false, "speakerId": "u1", "displayName": "Ana", "timestamp": 1714557602000}

        {"text": "hello developer how are you and", "isFinal": false, "speakerId": "u1", "timestamp": 1714557603000}
        {"text": "hi there", "isFinal": true, "speakerId": "u2", "displayName": "Ben", "timestamp": "2024-05-01T10:00:03.250Z"}
        {"text": " hello developer, how are you? ", "isFinal": true, "speakerId": "u1", "timestamp": 1714557604500}
        {"text": "so", "isFinal": false, "speakerId": "u2", "displayName": "Ben", "timestamp": 1714557605000}
        """

    /// The same kind of log as one JSON array, timed in seconds, with speakers known by name,
    /// by id only, or not at all.
    static let array = """
        [
          {"text": "good", "isFinal": false, "start": 0.5, "end": 0.9},
          {"text": "wel", "isFinal": false, "displayName": "Cy", "start": 1.0, "end": 1.2},
          {"text": "good morning", "isFinal": true, "start": 0.4, "end": 1.8},
          {"text": "welcome all", "isFinal": true, "displayName": "Cy", "end": 2.5, "timestamp": 0},
          {"text": "thanks", "isFinal": false, "speakerId": "u7", "start": 3.0, "end": 3.2},
          {"text": "thanks!", "isFinal": true, "speakerId": "u7", "start": 3.1, "end": 3.6}
        ]
        """

    private func parse(_ text: String, file: String = "l.jsonl", format: CaptionFormat? = .live) throws -> Transcript {
        try CaptionReader.parse(Data(text.utf8), file: file, format: format)
    }

    private func problems(_ text: String, file: String = "l.jsonl", format: CaptionFormat? = .live) -> [String] {
        problemLines { try parse(text, file: file, format: format) }
    }

    func testJSONLinesFinalsBecomeCaptionsFromTheFirstPartial() throws {
        let expected = Transcript(
            segments: [
                Segment(text: "hi there", start: 1.5, end: 3.25, speaker: "Ben"),
                Segment(text: "hello developer, how are you?", start: 1, end: 4.5, speaker: "Ana"),
            ], notes: [CaptionProblem(file: "l.jsonl", message: "1 unfinished utterance (no isFinal item) was left out")])
        XCTAssertEqual(try parse(Self.jsonLines), expected)
        let crlf = "\u{FEFF}" + Self.jsonLines.replacingOccurrences(of: "\n", with: "\r\n")
        XCTAssertEqual(try parse(crlf), expected)
    }

    func testArrayWithSecondsAndAnonymousSpeaker() throws {
        let expected = Transcript(segments: [
            Segment(text: "good morning", start: 0.4, end: 1.8),
            Segment(text: "welcome all", start: 1, end: 2.5, speaker: "Cy"),
            Segment(text: "thanks!", start: 3.1, end: 3.6, speaker: "u7"),
        ])
        XCTAssertEqual(try parse(Self.array, file: "l.json"), expected)
    }

    /// Found by `make fuzz` (json): a timestamp with a long fraction crashed the reader (in
    /// `ISO8601DateFormatter`); now it is read, and a malformed one is a clear error.
    func testTimestampWithALongFraction() throws {
        let text = """
            {"recordingStart": "2024-05-01T10:00:00Z"}
            {"text": "a", "isFinal": true, "timestamp": "2024-05-01T10:00:01.50055555555555555555555555555555555Z"}
            """
        let segment = try XCTUnwrap(parse(text).segments.first)
        XCTAssertEqual(segment.end, 1.5005556, accuracy: 1e-6)
        XCTAssertEqual(
            problems(#"{"timestamp":"2-5-1T1:0:0.50055555555555555555555555555555555"}"#),
            [
                "l.jsonl:1: text: missing", "l.jsonl:1: isFinal: missing",
                "l.jsonl:1: timestamp: expected milliseconds since 1970, or an ISO-8601 date-time such as \"2024-05-01T10:00:02.250Z\"",
            ])
    }

    /// Found while writing the fuzz target's checks (`make fuzz` did not reach it): a final
    /// without length lasted until a partial at 1e300 s, past the limit every time is held to,
    /// and `--export-captions` then crashed converting that time.
    func testACaptionWithoutLengthNeverLastsPastTheTimeLimit() throws {
        let text = """
            {"text": "a", "isFinal": true, "start": 1, "end": 1}
            {"text": "b", "isFinal": false, "start": 1e300, "end": 1e300}
            """
        XCTAssertEqual(try parse(text).segments, [Segment(text: "a", start: 1, end: 3)])
    }

    func testEarliestTimestampIsZeroWithoutRecordingStart() throws {
        let text = """
            {"text": "one", "isFinal": false, "timestamp": "2024-05-01T10:00:10.000+02:00"}
            {"text": "one two", "isFinal": true, "timestamp": 1714550412500}
            {"text": "three", "isFinal": true, "timestamp": 1714550413000}
            """
        XCTAssertEqual(
            try parse(text),
            Transcript(segments: [
                Segment(text: "one two", start: 0, end: 2.5), Segment(text: "three", start: 2.5, end: 3),
            ]))
    }

    /// A saved log that keeps only the final items: each starts at its speaker's previous
    /// item, the speaker's first at the log's previous item, the log's first at zero.
    func testFinalsOnlyLogStartsEachAtTheSpeakersPreviousItem() throws {
        let text = """
            {"recordingStart": 1714557600000}
            {"text": "Hello everyone.", "isFinal": true, "speakerId": "u1", "displayName": "Ana", "timestamp": 1714557602000}
            {"text": "Hi Ana.", "isFinal": true, "speakerId": "u2", "displayName": "Ben", "timestamp": 1714557603500}
            {"text": "Shall we start?", "isFinal": true, "speakerId": "u1", "displayName": "Ana", "timestamp": 1714557606000}
            {"text": "Yes.", "isFinal": true, "speakerId": "u2", "displayName": "Ben", "timestamp": 1714557607250}
            """
        XCTAssertEqual(
            try parse(text),
            Transcript(segments: [
                Segment(text: "Hello everyone.", start: 0, end: 2, speaker: "Ana"),
                Segment(text: "Hi Ana.", start: 2, end: 3.5, speaker: "Ben"),
                Segment(text: "Shall we start?", start: 2, end: 6, speaker: "Ana"),
                Segment(text: "Yes.", start: 3.5, end: 7.25, speaker: "Ben"),
            ]))
    }

    /// Finals that the rule above leaves without length last until the next item of the log,
    /// or 2 s. Without `recordingStart` the earliest timestamp (1000) is time zero.
    func testFinalsWithoutLengthLastUntilTheNextItem() throws {
        let text = """
            {"text": "One.", "isFinal": true, "speakerId": "u1", "timestamp": 1000}
            {"text": "Two.", "isFinal": true, "speakerId": "u2", "timestamp": 2500}
            {"text": "Three.", "isFinal": true, "speakerId": "u2", "timestamp": 2500}
            {"text": "fo", "isFinal": false, "speakerId": "u1", "start": 3.5, "end": 3.6}
            {"text": "Four.", "isFinal": true, "speakerId": "u1", "start": 3.5, "end": 4}
            {"text": "Five.", "isFinal": true, "speakerId": "u1", "timestamp": 2000}
            {"text": "Six.", "isFinal": true, "speakerId": "u2", "timestamp": 1500}
            """
        XCTAssertEqual(
            try parse(text),
            Transcript(segments: [
                Segment(text: "One.", start: 0, end: 1.5, speaker: "u1"),  // at zero: until Two.
                Segment(text: "Two.", start: 0, end: 1.5, speaker: "u2"),  // from One.
                Segment(text: "Three.", start: 1.5, end: 3.5, speaker: "u2"),  // at Two.: until fo
                Segment(text: "Four.", start: 3.5, end: 4, speaker: "u1"),  // its own start
                Segment(text: "Five.", start: 1, end: 3, speaker: "u1"),  // Four. is later; Six. too: 2 s
                Segment(text: "Six.", start: 0.5, end: 2.5, speaker: "u2"),  // the last item: 2 s
            ]))
    }

    func testReportsEveryBadLine() {
        let text = """
            {"recordingStart": 1714557600000}
            {"text": "a", "isFinal": "yes", "timestamp": 1714557601000}
            {"isFinal": true, "timestamp": 1714557601000}
            [1, 2]
            {"text": "b", "isFinal": true, "timestamp": "yesterday"}
            {"text": "c", "isFinal": true}
            {"text": "d", "isFinal": true, "start": 1}
            {"text": "e", "isFinal": true, "timestamp": 1714557599000, "speakerId": 7}
            {"text": "f", "isFinal": false, "speakerId": "u2", "timestamp": 1714557605000}
            {"text": "f g", "isFinal": true, "speakerId": "u2", "end": 4, "timestamp": 1714557606000}
            {"text": "h", "isFinal": true, "timestamp": 1714557607000,
            {"recordingStart": 0}
            """
        XCTAssertEqual(
            problems(text),
            [
                "l.jsonl:2: isFinal: expected true or false",
                "l.jsonl:3: text: missing",
                "l.jsonl:4: expected an object",
                "l.jsonl:5: timestamp: expected milliseconds since 1970, or an ISO-8601 date-time such as \"2024-05-01T10:00:02.250Z\"",
                "l.jsonl:6: needs a time: \"timestamp\", or \"start\" and \"end\"",
                "l.jsonl:7: end: missing",
                "l.jsonl:8: speakerId: expected a string",
                "l.jsonl:11: not valid JSON (Unexpected end of file during JSON parse.)",
                "l.jsonl:12: recordingStart: given more than once",
                "l.jsonl:8: timestamp: start time -1.0 is negative",
                "l.jsonl:10: end: ends (4.0) before it starts (5.0)",
            ])
    }

    func testATimestampBefore1970IsAProblemOfItsOwnLine() {
        let text = """
            {"text": "a", "isFinal": true, "timestamp": 1714557601000}
            {"text": "b", "isFinal": true, "timestamp": -5}
            {"text": "c", "isFinal": true, "timestamp": "1969-12-31T23:59:59Z"}
            """
        let expected = "expected milliseconds since 1970, or an ISO-8601 date-time such as \"2024-05-01T10:00:02.250Z\""
        XCTAssertEqual(
            problems(text), ["l.jsonl:2: timestamp: a time before 1970; \(expected)", "l.jsonl:3: timestamp: a time before 1970; \(expected)"])
    }

    func testReportsArrayItemsByIndex() {
        let text = """
            [{"text": "a", "isFinal": 1, "start": 0, "end": 1},
             {"text": "b", "isFinal": true, "start": 2, "end": 1.5},
             "c",
             {"text": "d", "isFinal": true, "start": -1, "end": 1, "displayName": ["D"]}]
            """
        XCTAssertEqual(
            problems(text, file: "l.json"),
            [
                "l.json: [0].isFinal: expected true or false",
                "l.json: [2]: expected an object",
                "l.json: [3].displayName: expected a string",
                "l.json: [1].end: ends (1.5) before it starts (2.0)",
                "l.json: [3].start: start time -1.0 is negative",
            ])
        XCTAssertEqual(
            problems("[{\"text\": \"a\", \"isFinal\": true, ", file: "l.json"),
            ["l.json: not valid JSON (Unexpected end of file during JSON parse.)"])
        XCTAssertEqual(
            problems("42", file: "l.json"), ["l.json:1: expected an object"])
    }

    /// Nothing to show, and the note says why; a strict read refuses it with the note.
    func testOnlyPartialsIsAFileWithoutCaptions() throws {
        let text = """
            {"text": "hel", "isFinal": false, "speakerId": "a", "timestamp": 1000}
            {"text": "hello", "isFinal": false, "speakerId": "a", "timestamp": 2000}
            {"text": "yes", "isFinal": false, "speakerId": "b", "timestamp": 2000}
            """
        let transcript = try parse(text)
        XCTAssertEqual(transcript.segments, [])
        XCTAssertEqual(transcript.notes.map(\.description), ["l.jsonl: 2 unfinished utterances (no isFinal item) were left out"])
        XCTAssertEqual(
            problemLines { try CaptionReader.parse(Data(text.utf8), file: "l.jsonl", format: .live, strict: true) },
            ["l.jsonl: no captions in file", "l.jsonl: 2 unfinished utterances (no isFinal item) were left out"])
    }

    func testSniffing() throws {
        XCTAssertEqual(CaptionFormat(fileExtension: "jsonl"), .live)
        func sniffed(_ text: String) -> CaptionFormat { CaptionFormat.sniffJSON(Data(text.utf8), text: text).0 }
        XCTAssertEqual(sniffed(Self.jsonLines), .live)
        XCTAssertEqual(sniffed(Self.array), .live)
        XCTAssertEqual(sniffed("{\"text\": \"hi\", \"isFinal\": true, \"start\": 0, \"end\": 1}"), .live)
        XCTAssertEqual(sniffed("[{\"text\": \"hi\", \"final\": true}]"), .json)
        XCTAssertEqual(sniffed("{\"text\": \"hi\"}\n{\"text\": \"there\"}"), .json)
        // No extension: the content decides, through `{` and then the JSON sniffing.
        XCTAssertEqual(try parse(Self.jsonLines, file: "log", format: nil).segments.count, 2)
        XCTAssertEqual(try parse(Self.array, file: "log", format: nil).segments.count, 3)
        // A `.json` file is sniffed; forcing `json` reads it as native JSON.
        let url = try temporaryFolder().appendingPathComponent("live.json")
        try Data(Self.jsonLines.utf8).write(to: url)
        XCTAssertEqual(try CaptionReader.read(url).segments.map(\.speaker), ["Ben", "Ana"])
        XCTAssertThrowsError(try CaptionReader.read(url, format: .json)) { error in
            XCTAssertEqual(
                (error as? CaptionError)?.problems.map(\.description),
                ["\(url.path): not valid JSON (Invalid value around character 43.)"])
        }
    }
}
