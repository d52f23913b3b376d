import Captions
import Foundation
import TestSupport
import XCTest

@testable import CaptionFiles

/// Caption files in other encodings than UTF-8: UTF-16 and UTF-32 found by their BOM, others
/// named by the user and converted by ICU, and a guess in the error when neither applies.
final class TextEncodingTests: XCTestCase {
    /// A SubRip file with quotes, a euro sign and an ellipsis: Windows-1252's bytes 0x80-0x9F.
    static let srt = "1\r\n00:00:01,000 --> 00:00:02,000\r\n“Quoted” for €5…\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nCafé crème\r\n"

    private func read(_ data: Data, file: String = "e.srt", encoding: String? = nil) throws -> Transcript {
        try CaptionReader.parse(data, file: file, format: .srt, encoding: encoding)
    }

    /// `text` as UTF-16 or UTF-32 bytes with their BOM.
    private func encoded(_ text: String, _ encoding: String.Encoding) -> Data {
        text.data(using: encoding)!
    }

    func testUTF16AndUTF32WithABOMReadLikeTheirUTF8Twin() throws {
        let twin = try read(Data(Self.srt.utf8))
        XCTAssertEqual(twin.segments.map(\.text), ["“Quoted” for €5…", "Café crème"])
        let marked: [(String, Data)] = [
            ("UTF-16 LE", Data([0xFF, 0xFE]) + encoded(Self.srt, .utf16LittleEndian)),
            ("UTF-16 BE", Data([0xFE, 0xFF]) + encoded(Self.srt, .utf16BigEndian)),
            ("UTF-32 LE", Data([0xFF, 0xFE, 0, 0]) + encoded(Self.srt, .utf32LittleEndian)),
            ("UTF-32 BE", Data([0, 0, 0xFE, 0xFF]) + encoded(Self.srt, .utf32BigEndian)),
            ("UTF-8 with BOM", Data([0xEF, 0xBB, 0xBF]) + Data(Self.srt.utf8)),
        ]
        for (name, data) in marked {
            let transcript = try read(data)
            XCTAssertEqual(transcript.segments, twin.segments, name)
            XCTAssertEqual(transcript.segments.map(\.source), twin.segments.map(\.source), name)
        }
        // JSON too: the JSON readers get the text as UTF-8.
        let json = #"{"segments": [{"start": 0, "end": 1, "text": "Grüße"}]}"#
        let utf16 = try CaptionReader.parse(Data([0xFF, 0xFE]) + encoded(json, .utf16LittleEndian), file: "e.json", format: nil)
        XCTAssertEqual(utf16.segments.map(\.text), ["Grüße"])
    }

    func testWindows1252IsGuessedInTheErrorAndReadWhenNamed() throws {
        let bytes = Self.srt.data(using: .windowsCP1252)!
        XCTAssertTrue(bytes.contains(0x93) && bytes.contains(0x80) && bytes.contains(0x85), "the bytes 0x80-0x9F are there")
        XCTAssertEqual(
            problemLines { try self.read(bytes) },
            ["e.srt:3: invalid UTF-8; it looks like windows-1252: try --captions-encoding windows-1252"])
        let named = try read(bytes, encoding: "windows-1252")
        XCTAssertEqual(named.segments, try read(Data(Self.srt.utf8)).segments)
        // An alias ICU knows reads the same; a name it does not know is an error.
        XCTAssertEqual(try read(bytes, encoding: "cp1252").segments.map(\.text), named.segments.map(\.text))
        XCTAssertTrue(TextEncoding.isKnown("windows-1252"))
        XCTAssertTrue(TextEncoding.isKnown("Shift_JIS"))
        XCTAssertFalse(TextEncoding.isKnown("no-such-encoding"))
        XCTAssertEqual(
            problemLines { try self.read(bytes, encoding: "no-such-encoding") },
            ["e.srt: cannot read the file as no-such-encoding (ICU knows no such encoding)"])
    }

    func testShiftJISWhenNamed() throws {
        let text = "1\n00:00:01,000 --> 00:00:02,000\n字幕のテスト\n"
        let bytes = text.data(using: .shiftJIS)!
        XCTAssertEqual(try read(bytes, encoding: "Shift_JIS").segments.map(\.text), ["字幕のテスト"])
    }
}
