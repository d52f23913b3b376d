import XCTest

@testable import CaptionFiles

/// `textLines`, which searches the bytes for line ends: the lines players see, whatever ends them.
final class TextLinesTests: XCTestCase {
    func testLineEndsAreCRLFAndCRLFOnly() {
        XCTAssertEqual(textLines(""), [""])
        XCTAssertEqual(textLines("a"), ["a"])
        XCTAssertEqual(textLines("a\n"), ["a", ""])
        XCTAssertEqual(textLines("a\r\nb\rc\nd"), ["a", "b", "c", "d"])
        XCTAssertEqual(textLines("a\r\r\nb\n\rc"), ["a", "", "b", "", "c"])
        XCTAssertEqual(textLines("\r"), ["", ""])
        // Other separators stay in their line; a BOM goes; non-ASCII text keeps its characters.
        XCTAssertEqual(textLines("\u{FEFF}é\u{0B}\u{2028}x\u{85}\né\u{301}\n"), ["é\u{0B}\u{2028}x\u{85}", "é\u{301}", ""])
    }

    func testAFileOfCarriageReturnsOnlyIsSplitAtEach() {
        let lines = textLines(String(repeating: "cue\r", count: 100_000))
        XCTAssertEqual(lines.count, 100_001)
        XCTAssertEqual(Set(lines.dropLast()), ["cue"])
    }
}
