import Captions
import Foundation
import TestSupport
import XCTest

@testable import CaptionFiles

final class CaptionFormatTests: XCTestCase {
    func testExtensions() {
        let names = ["json", "JSON", "srt", "vtt", "jsonl", "txt", ""]
        XCTAssertEqual(names.map { CaptionFormat(fileExtension: $0) }, [.json, .json, .srt, .vtt, .live, nil, nil])
        XCTAssertEqual(CaptionFormat.allCases.map(\.rawValue), ["json", "srt", "vtt", "whisper", "live"])
    }

    func testSniffingWithoutExtension() {
        XCTAssertEqual(CaptionFormat.sniff("\u{FEFF}WEBVTT - title\n"), .vtt)
        XCTAssertEqual(CaptionFormat.sniff("\u{FEFF}1\r\n00:00:01,000 --> 00:00:02,000\r\n"), .srt)
        XCTAssertEqual(CaptionFormat.sniff("\n  {\"segments\": []}"), .json)
        XCTAssertEqual(CaptionFormat.sniff("[{\"text\": \"a\", \"isFinal\": true}]"), .json)
        XCTAssertNil(CaptionFormat.sniff("Hello\n"))
        XCTAssertEqual(
            problemLines { try CaptionReader.parse(Data("Hello\n".utf8), file: "x", format: nil) },
            ["x: unknown caption format (use --captions-format)"])
    }

    func testExtensionDecidesExceptForJSON() throws {
        let folder = try temporaryFolder()
        func write(_ name: String, _ text: String) throws -> URL {
            let url = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url
        }
        let srt = "1\n00:00:01,000 --> 00:00:02,000\nHi\n"
        // SRT content in a .vtt file goes to the WebVTT reader, which wants its header.
        let vtt = try write("a.vtt", srt)
        XCTAssertEqual(
            problemLines { try CaptionReader.read(vtt) },
            [
                "\(vtt.path):1: missing `WEBVTT` header line",
                "\(vtt.path):2: malformed timing line `00:00:01,000 --> 00:00:02,000` (expected `[hh:]mm:ss.ttt --> [hh:]mm:ss.ttt`)",
            ])
        XCTAssertEqual(try CaptionReader.read(vtt, format: .srt).segments, [Segment(text: "Hi", start: 1, end: 2)])
        // No extension: the content decides.
        XCTAssertEqual(try CaptionReader.read(try write("captions", srt)).segments.map(\.text), ["Hi"])
        let whisper = #"{"segments": [{"id": 0, "start": 0, "end": 1, "text": " Hi"}], "language": "en"}"#
        XCTAssertEqual(
            try CaptionReader.read(try write("w.json", whisper)),
            Transcript(segments: [Segment(text: "Hi", start: 0, end: 1)], language: "en"))
        XCTAssertEqual(
            try CaptionReader.read(try write("w", whisper)).segments.map(\.text), ["Hi"], "no extension")
        XCTAssertEqual(
            try CaptionReader.read(try write("w2.json", whisper), format: .json).segments.map(\.text), [" Hi"],
            "forced native JSON keeps the text as written")
    }
}
