import XCTest

@testable import Layout

final class LineBreakerTests: XCTestCase {
    func testLatinBreaksAfterSpaces() {
        // Byte offsets where a line may start: after "one ", "two ", and the end.
        XCTAssertEqual(LineBreaker.breakOpportunities(in: "one two three", language: "en"), [4, 8, 13])
    }

    func testKeepsNumbersAndSymbolsTogether() {
        let text = "Save 5% on $20"
        let breaks = LineBreaker.breakOpportunities(in: text, language: "en")
        let bytes = Array(text.utf8)
        let pieces = zip([0] + breaks, breaks).map { String(decoding: bytes[$0..<$1], as: UTF8.self) }
        XCTAssertEqual(pieces, ["Save ", "5% ", "on ", "$20"])
    }

    func testJapaneseBreaksWithoutSpaces() {
        let text = "字幕を動画に焼き込む"
        let breaks = LineBreaker.breakOpportunities(in: text, language: "ja")
        XCTAssertGreaterThan(breaks.count, 2)
        XCTAssertEqual(breaks.last, text.utf8.count)
        // Every offset lands on a character boundary (3-byte UTF-8 characters here).
        XCTAssertTrue(breaks.allSatisfy { $0 % 3 == 0 })
    }
}
