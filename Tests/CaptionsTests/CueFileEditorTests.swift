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
        let url = Repository.root.appendingPathComponent("Tests/Cases/cue-edits.json")
        let cases = try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).cases
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
