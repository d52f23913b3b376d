import XCTest

@testable import Layout

final class LanguageTagTests: XCTestCase {
    func testChineseTagsMapToFontconfigLanguageTerritory() {
        XCTAssertEqual(LanguageTag("zh-TW").fontconfigLanguage, "zh-tw")
        XCTAssertEqual(LanguageTag("zh-Hant-TW").fontconfigLanguage, "zh-tw")
        XCTAssertEqual(LanguageTag("zh-Hant").fontconfigLanguage, "zh-tw")
        XCTAssertEqual(LanguageTag("zh-HK").fontconfigLanguage, "zh-hk")
        XCTAssertEqual(LanguageTag("zh").fontconfigLanguage, "zh-cn")
        XCTAssertEqual(LanguageTag("zh-Hans").fontconfigLanguage, "zh-cn")
        XCTAssertEqual(LanguageTag("ja-JP").fontconfigLanguage, "ja")
        XCTAssertEqual(LanguageTag("en-US").fontconfigLanguage, "en")
    }

    func testLikelySubtagsComeFromICU() {
        XCTAssertEqual(LanguageTag("zh-TW").maximized, "zh-Hant-TW")
        XCTAssertEqual(LanguageTag("ja").maximized, "ja-Jpan-JP")
        XCTAssertEqual(LanguageTag("sr").maximized, "sr-Cyrl-RS")
    }

    func testGuessesFromScript() {
        XCTAssertEqual(LanguageTag.guess(from: "これは日本語")?.bcp47, "ja")
        XCTAssertEqual(LanguageTag.guess(from: "漢字とかな")?.bcp47, "ja")
        XCTAssertEqual(LanguageTag.guess(from: "안녕하세요")?.bcp47, "ko")
        XCTAssertEqual(LanguageTag.guess(from: "中文字幕")?.bcp47, "zh")
        // Han is what ICU calls Han: extension G (U+30000) and the iteration mark, which the
        // hand-written range of the old guess missed.
        XCTAssertEqual(LanguageTag.guess(from: "𰀀𰀁")?.bcp47, "zh")
        XCTAssertEqual(LanguageTag.guess(from: "人々")?.bcp47, "zh")
        XCTAssertNil(LanguageTag.guess(from: "plain text"))
    }
}
