import Captions
import Foundation
import XCTest

@testable import CaptionFiles

/// What the readers tell the later stages besides text and times: where each caption stands
/// in its file, whether its word times were measured, the control characters taken out, and
/// how many problems went unlisted.
final class CaptionSourceTests: XCTestCase {
    private func read(_ text: String, file: String, format: CaptionFormat? = nil) throws -> Transcript {
        try CaptionReader.parse(Data(text.utf8), file: file, format: format)
    }

    func testEachSegmentKnowsWhereItStands() throws {
        let srt = try read("1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\n00:00:03,000 --> 00:00:04,000\nTwo\n", file: "a.srt")
        XCTAssertEqual(srt.segments.map(\.source), [SourceLocation(line: 2), SourceLocation(line: 6)])
        let vtt = try read("WEBVTT\n\n00:01.000 --> 00:02.000\nOne\n", file: "a.vtt")
        XCTAssertEqual(vtt.segments.map(\.source), [SourceLocation(line: 3)])
        let json = try read(#"{"segments": [{"start": 0, "end": 1, "text": "a"}, {"start": 1, "end": 2, "text": "b"}]}"#, file: "a.json")
        XCTAssertEqual(json.segments.map(\.source), [SourceLocation(field: "segments[0]"), SourceLocation(field: "segments[1]")])
        XCTAssertEqual(json.segments[1].source?.describe(file: "a.json"), "a.json: segments[1]")
        XCTAssertEqual(srt.segments[1].source?.describe(file: "a.srt"), "a.srt:6")
        let live = try read(
            "{\"text\": \"hi\", \"isFinal\": true, \"start\": 0, \"end\": 1}\n\n{\"text\": \"yo\", \"isFinal\": true, \"start\": 1, \"end\": 2}\n",
            file: "a.jsonl")
        XCTAssertEqual(live.segments.map(\.source), [SourceLocation(line: 1), SourceLocation(line: 3)])
        // Captions carry their segment's place, also when a segment is split in two.
        var warnings: [String] = []
        let long = Transcript(segments: [
            Segment(text: "One sentence here. And another one.", start: 0, end: 4, source: SourceLocation(line: 9))
        ])
        let captions = CaptionBuilder.captions(from: long, warnings: &warnings)
        XCTAssertEqual(captions.count, 2)
        XCTAssertEqual(captions.map(\.source), [SourceLocation(line: 9), SourceLocation(line: 9)])
    }

    func testCueWordTimesAreEstimatedAndRecognizedOnesAreNot() throws {
        var warnings: [String] = []
        let cue = try read("1\n00:00:00,500 --> 00:00:01,500\nHand timed cue\n", file: "a.srt")
        let fromCue = CaptionBuilder.captions(from: cue, warnings: &warnings)
        XCTAssertEqual(fromCue.flatMap(\.words).map(\.estimated), [true, true, true])
        let json = try read(
            #"{"segments": [{"start": 0, "end": 2, "text": "Two words, here", "words": [{"text": "Two", "start": 0, "end": 0.8}, {"text": "words", "start": 0.9, "end": 1.3}]}]}"#,
            file: "a.json")
        let fromWords = CaptionBuilder.captions(from: json, warnings: &warnings)
        // "here" has no timing of its own: it is spread after "words".
        XCTAssertEqual(fromWords.flatMap(\.words).map(\.text), ["Two", "words,", "here"])
        XCTAssertEqual(fromWords.flatMap(\.words).map(\.estimated), [false, false, true])
    }

    func testControlCharactersAreTakenOutWithOneNote() throws {
        let srt = "1\n00:00:01,000 --> 00:00:02,000\n\u{1B}[31mred\u{7}\n\n2\n00:00:03,000 --> 00:00:04,000\ntwo\u{0}words\u{90}\n\n"
            + "3\n00:00:05,000 --> 00:00:06,000\ntab\tstays\n\n4\n00:00:07,000 --> 00:00:08,000\n\u{7}\n"
        let transcript = try read(srt, file: "c.srt")
        XCTAssertEqual(transcript.segments.map(\.text), ["[31mred", "two words", "tab\tstays"])
        XCTAssertEqual(
            transcript.notes.map(\.description),
            ["c.srt:2: control characters removed (U+0000, U+0007, U+001B, U+0090) from 3 captions, the first here"])
        // Word texts too, and a file without any has no note.
        let json = try read(
            #"{"segments": [{"start": 0, "end": 1, "text": "a\u0007b", "words": [{"text": "a\u0007b", "start": 0, "end": 1}]}]}"#,
            file: "c.json")
        XCTAssertEqual(json.segments[0].words.map(\.text), ["ab"])
        XCTAssertEqual(json.notes.map(\.description), ["c.json: segments[0]: control characters removed (U+0007)"])
        XCTAssertEqual(try read("1\n00:00:01,000 --> 00:00:02,000\nclean\n", file: "d.srt").notes, [])
    }

    func testProblemsBeyondTheLimitAreCounted() {
        let srt = (1...25).map { "\($0)\n00:00:0\($0 % 10),000 --> broken\nx\n" }.joined(separator: "\n")
        let error = XCTAssertThrowsErrorValue { try self.read(srt, file: "p.srt") } as? CaptionError
        XCTAssertEqual(error?.problems.count, 20)
        XCTAssertEqual(error?.omitted, 5)
        XCTAssertEqual(error?.description.split(separator: "\n").last, "p.srt: 5 more problems not listed")
        let one = CaptionError((0..<21).map { CaptionProblem(file: "q.srt", line: $0 + 1, message: "bad") })
        XCTAssertEqual(one.description.split(separator: "\n").last, "q.srt: 1 more problem not listed")
        XCTAssertEqual(CaptionError([CaptionProblem(file: "r.srt", message: "bad")]).description, "r.srt: bad")
    }
}

/// The error `body` throws, or nil (a failure) when it throws none.
func XCTAssertThrowsErrorValue(_ body: () throws -> Any, file: StaticString = #filePath, line: UInt = #line) -> Error? {
    do {
        _ = try body()
        XCTFail("no error thrown", file: file, line: line)
        return nil
    } catch {
        return error
    }
}
