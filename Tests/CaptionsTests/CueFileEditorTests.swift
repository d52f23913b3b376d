import Captions
import Foundation
import TestSupport
import XCTest

/// `CueFileEditor` on the cases of `Tests/Cases/cue-edits.json`; each edited file reads back
/// with the edits and nothing else changed.
final class CueFileEditorTests: XCTestCase {
    private struct Case: Decodable {
        struct Edit: Decodable {
            var line: Int?
            var field: String?
            var start: Double
            var end: Double
            var text: String?
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
        XCTAssertGreaterThanOrEqual(cases.count, 6)
        for test in cases {
            let format = try XCTUnwrap(CaptionFormat(rawValue: test.format))
            let edits = test.edits.map {
                CueEdit(source: SourceLocation(line: $0.line, field: $0.field), start: $0.start, end: $0.end, text: $0.text)
            }
            let result = try CueFileEditor.apply(edits, to: test.file, format: format, file: "case.\(test.format)")
            XCTAssertEqual(String(decoding: result, as: UTF8.self), test.expect, test.name)
            // What a player reads from it: the edits, and the other cues as they were.
            let before = try CaptionReader.parse(Data(test.file.utf8), file: "before", format: format).segments
            let after = try CaptionReader.parse(result, file: "after", format: format).segments
            XCTAssertEqual(after.count, before.count, test.name)
            for (old, new) in zip(before, after) {
                if let edit = edits.first(where: { $0.source == old.source }) {
                    XCTAssertEqual(new.start, edit.start, accuracy: 0.0005, test.name)
                    XCTAssertEqual(new.end, edit.end, accuracy: 0.0005, test.name)
                    if let text = edit.text { XCTAssertEqual(new.text, text, test.name) }
                } else {
                    XCTAssertEqual(new, old, test.name)
                }
            }
        }
    }

    func testACueThatMovedIsAnError() {
        let edit = CueEdit(source: SourceLocation(line: 9), start: 1, end: 2, text: "x")
        XCTAssertThrowsError(try CueFileEditor.apply([edit], to: "1\n00:00:01,000 --> 00:00:02,000\nOne\n", format: .srt, file: "f.srt"))
    }
}
