import XCTest

@testable import UnicodeText

final class TextBoundariesTests: XCTestCase {
    /// `text` cut at UTF-16 `offsets` (which include the end).
    private func pieces(_ text: UTF16Text, _ offsets: [Int]) -> [String] {
        zip([0] + offsets, offsets).map { text.string(in: $0..<$1) }
    }

    func testLineBreaksFallAfterSpacesAndNewlines() throws {
        let text = UTF16Text("one two\nthree")
        let lines = try TextBoundaries.lines(in: text, locale: "en")
        XCTAssertEqual(pieces(text, lines.map(\.offset)), ["one ", "two\n", "three"])
        XCTAssertEqual(lines.map(\.isMandatory), [false, true, false])
    }

    func testJapaneseBreaksBetweenPhrasesWithThePhraseKeyword() throws {
        let text = UTF16Text("字幕を焼き込む")
        let characters = try TextBoundaries.lines(in: text, locale: "ja").map(\.offset)
        let phrases = try TextBoundaries.lines(in: text, locale: "ja-u-lw-phrase").map(\.offset)
        XCTAssertEqual(pieces(text, characters), ["字", "幕", "を", "焼", "き", "込", "む"])
        XCTAssertEqual(pieces(text, phrases), ["字幕を", "焼き", "込む"])
    }

    func testWordsComeFromDictionariesWhereThereAreNoSpaces() throws {
        let thai = UTF16Text("ฉันชอบกินข้าว")
        XCTAssertEqual(pieces(thai, try TextBoundaries.words(in: thai, locale: nil)), ["ฉัน", "ชอบ", "กิน", "ข้าว"])
        let english = UTF16Text("Hi, you")
        XCTAssertEqual(pieces(english, try TextBoundaries.words(in: english, locale: "en")), ["Hi", ",", " ", "you"])
    }

    func testOffsetsAreUTF16Units() throws {
        let text = UTF16Text("😀 😀")
        XCTAssertEqual(try TextBoundaries.words(in: text, locale: nil), [2, 3, 5])
        XCTAssertEqual(try TextBoundaries.lines(in: text, locale: nil).map(\.offset), [3, 5])
    }

    func testEmptyTextHasNoBoundaries() throws {
        XCTAssertEqual(try TextBoundaries.lines(in: UTF16Text(""), locale: nil).count, 0)
        XCTAssertEqual(try TextBoundaries.words(in: UTF16Text(""), locale: "th"), [])
    }

    func testGraphemeClustersAreUTF8Offsets() {
        XCTAssertEqual(TextBoundaries.graphemes(in: "e\u{301}a"), [3])
        XCTAssertEqual(TextBoundaries.graphemes(in: "👍🏽ok"), [8, 9])
        XCTAssertEqual(TextBoundaries.graphemes(in: "क्षa"), [9], "a conjunct is one cluster (Unicode 15.1)")
        XCTAssertEqual(TextBoundaries.graphemes(in: ""), [])
    }
}
