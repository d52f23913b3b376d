import XCTest

@testable import UnicodeText

final class BCP47Tests: XCTestCase {
    func testLikelySubtags() throws {
        let cases = [
            ("zh-TW", "zh-Hant-TW"), ("zh", "zh-Hans-CN"), ("ja", "ja-Jpan-JP"), ("ko", "ko-Kore-KR"),
            ("sr", "sr-Cyrl-RS"), ("ar", "ar-Arab-EG"), ("en", "en-Latn-US"), ("th", "th-Thai-TH"),
        ]
        for (tag, maximized) in cases {
            XCTAssertEqual(try BCP47.maximized(tag), maximized, tag)
        }
    }

    func testWellFormedTags() {
        for tag in ["en", "ja", "zh-TW", "sr-Latn", "pt-BR", "ja-u-lw-phrase"] {
            XCTAssertTrue(BCP47.isWellFormed(tag), tag)
        }
        for tag in ["", "english please", "zh_TW!", "-", "x"] {
            XCTAssertFalse(BCP47.isWellFormed(tag), tag)
        }
    }
}
