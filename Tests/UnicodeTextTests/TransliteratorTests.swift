import XCTest

@testable import UnicodeText

final class TransliteratorTests: XCTestCase {
    func testTraditionalChineseBecomesSimplified() throws {
        let fold = try XCTUnwrap(Transliterator("Hant-Hans"))
        XCTAssertEqual(fold.id, "Hant-Hans")
        XCTAssertEqual(fold("漢字與說話"), "汉字与说话")
        XCTAssertEqual(fold("plain 😀"), "plain 😀")
        XCTAssertEqual(fold(""), "")
    }

    func testAResultLongerThanTheFirstBufferIsWhole() throws {
        let latin = try XCTUnwrap(Transliterator("Any-Latin"))
        let text = String(repeating: "東京", count: 40)  // each character becomes several letters
        let result = latin(text)
        XCTAssertGreaterThan(result.utf16.count, text.utf16.count * 2 + 16)
        XCTAssertTrue(result.hasPrefix("dōng jīng"), result)
    }

    func testAnUnknownTransformIsNil() {
        XCTAssertNil(Transliterator("No-Such-Transform"))
    }
}
