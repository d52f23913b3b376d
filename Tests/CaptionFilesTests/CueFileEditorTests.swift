import CaptionFiles
import Captions
import Foundation
import TestSupport
import XCTest

/// `CueFileEditor` on the cases of `Tests/Cases/cue-edits.json`; each edited file reads back
/// with the edits and nothing else changed.
final class CueFileEditorTests: XCTestCase {
    private struct Case: Decodable {
        struct Piece: Decodable {
            var start: Double
            var end: Double
            var text: String?
        }
        struct Edit: Decodable {
            var line: Int?
            var field: String?
            var start: Double?
            var end: Double?
            var text: String?
            var pieces: [Piece]?
        }
        var name: String
        var format: String
        var file: String
        var edits: [Edit]
        var expect: String
    }

    func testTheCases() throws {
        struct File: Decodable { var cases: [Case] }
        let cases = try Repository.cases(File.self, "cue-edits.json").cases
        XCTAssertGreaterThanOrEqual(cases.count, 10)
        for test in cases {
            let format = try XCTUnwrap(CaptionFormat(rawValue: test.format))
            let edits = test.edits.map { edit in
                CueEdit(
                    source: SourceLocation(line: edit.line, field: edit.field),
                    pieces: edit.pieces?.map { CueEdit.Piece(start: $0.start, end: $0.end, text: $0.text) }
                        ?? [CueEdit.Piece(start: edit.start!, end: edit.end!, text: edit.text)])
            }
            let result = try CueFileEditor.apply(edits, to: test.file, format: format, file: "case.\(test.format)")
            XCTAssertEqual(String(decoding: result, as: UTF8.self), test.expect, test.name)
            // What a player reads from it: each edited cue as its pieces, the others as they were.
            let before = try CaptionReader.parse(Data(test.file.utf8), file: "before", format: format).segments
            let after = try CaptionReader.parse(result, file: "after", format: format).segments
            var expected: [(start: Double, end: Double, text: String)] = []
            for old in before {
                guard let edit = edits.first(where: { $0.source == old.source }) else {
                    expected.append((old.start, old.end, old.text))
                    continue
                }
                expected += edit.pieces.map { ($0.start, $0.end, $0.text ?? old.text) }
            }
            XCTAssertEqual(after.count, expected.count, test.name)
            for (new, wanted) in zip(after, expected) {
                XCTAssertEqual(new.start, wanted.start, accuracy: 0.0005, test.name)
                XCTAssertEqual(new.end, wanted.end, accuracy: 0.0005, test.name)
                XCTAssertEqual(new.text, wanted.text, test.name)
            }
        }
    }

    func testACueThatMovedIsAnError() {
        let edit = CueEdit(source: SourceLocation(line: 9), start: 1, end: 2, text: "x")
        XCTAssertThrowsError(try CueFileEditor.apply([edit], to: "1\n00:00:01,000 --> 00:00:02,000\nOne\n", format: .srt, file: "f.srt"))
    }
}

/// Edited text as SubRip and WebVTT can hold it: a blank line is folded, nothing is lost or
/// added, and what cannot be held is refused.
final class CueFileEditorTextTests: XCTestCase {
    private let srt = "1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\n00:00:03,000 --> 00:00:04,000\nTwo\n"
    private let vtt = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nOne\n\n00:00:03.000 --> 00:00:04.000\nTwo\n"

    private func edited(_ text: String, _ format: CaptionFormat, pieces: Int = 1) throws -> [Segment] {
        let file = format == .srt ? srt : vtt
        let line = format == .srt ? 2 : 3
        let edit = CueEdit(
            source: SourceLocation(line: line),
            pieces: (0..<pieces).map { CueEdit.Piece(start: 1 + Double($0) * 0.5, end: 1.5 + Double($0) * 0.5, text: text) })
        let data = try CueFileEditor.apply([edit], to: file, format: format, file: "f.\(format.rawValue)")
        return try CaptionReader.parse(data, file: "after", format: format).segments
    }

    func testABlankLineIsFoldedIntoOneLineBreak() throws {
        for format in [CaptionFormat.srt, .vtt] {
            for text in ["First\n\nsecond", "First\n\n\n\nsecond", "First\r\n\r\nsecond", "First\r\rsecond", "First\n \t \nsecond", "\n\nFirst\nsecond\n\n"] {
                let segments = try edited(text, format)
                XCTAssertEqual(segments.map(\.text), ["First\nsecond", "Two"], "\(format) \(text.debugDescription)")
            }
            let split = try edited("A\n\nB", format, pieces: 2)
            XCTAssertEqual(split.map(\.text), ["A\nB", "A\nB", "Two"], "\(format): each piece of a split")
        }
        XCTAssertEqual(try CueFileEditor.cueText("a\n\n b \n\n\nc", format: .srt, file: "f.srt"), "a\n b \nc")
        XCTAssertEqual(try CueFileEditor.cueText("a\n\nb", format: .json, file: "f.json"), "a\n\nb", "native JSON holds a blank line")
    }

    func testWebVTTMarkupCharactersReadBackAsWritten() throws {
        XCTAssertEqual(try edited("5 < 6 & 7 > 3 <b>", .vtt).first?.text, "5 < 6 & 7 > 3 <b>")
    }

    func testTextThatWouldBreakTheFileIsRefused() {
        for text in ["", " \n\n \t", "a\n00:00:05,000 --> 00:00:06,000\nb", "x --> y", "\\N", "<i></i>", "{\\an8}\\N"] {
            XCTAssertThrowsError(try edited(text, .srt), text.debugDescription) { error in
                XCTAssertTrue("\(error)".hasPrefix("f.srt"), "\(error)")
            }
        }
        for (start, end) in [(1.0, 1e300), (Double.nan, 2), (2, 1), (1, 1), (-1, 1), (1.0006, 1.0007)] {
            let edit = CueEdit(source: SourceLocation(line: 2), start: start, end: end)
            XCTAssertThrowsError(try CueFileEditor.apply([edit], to: srt, format: .srt, file: "f.srt"), "\(start) to \(end)")
        }
    }
}
