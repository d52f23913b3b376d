import XCTest

@testable import UnicodeText

final class CaseMappingTests: XCTestCase {
    /// Language, text, and its capitals by that language's rules.
    static let cases: [(language: String?, text: String, upper: String)] = [
        ("tr", "istanbul", "İSTANBUL"),
        ("tr-TR", "ılık su", "ILIK SU"),
        ("az", "iki", "İKİ"),
        ("en", "istanbul", "ISTANBUL"),
        ("en", "i", "I"),
        (nil, "i", "I"),
        ("de", "straße", "STRASSE"),
        ("de-DE", "Größe", "GRÖSSE"),
        ("el", "άδεια", "ΑΔΕΙΑ"),
        ("el", "Καλημέρα", "ΚΑΛΗΜΕΡΑ"),
        ("ja", "今日はいい天気", "今日はいい天気"),
        ("zh-Hans", "字幕", "字幕"),
        ("en", "", ""),
        ("not a tag!", "mixed 😀 ok", "MIXED 😀 OK"),
    ]

    func testCapitalsFollowTheLanguage() {
        for item in Self.cases {
            XCTAssertEqual(
                CaseMapping.uppercased(item.text, language: item.language), item.upper,
                "\(item.language ?? "nil") \(item.text)")
        }
    }

    func testTurkishDiffersFromTheNeutralRules() {
        XCTAssertNotEqual(CaseMapping.uppercased("i", language: "tr"), "i".uppercased())
        XCTAssertEqual(CaseMapping.uppercased("i", language: "tr"), "\u{130}")
    }

    func testSmallLettersFollowTheLanguage() {
        XCTAssertEqual(CaseMapping.lowercased("ISTANBUL", language: "tr"), "\u{131}stanbul")
        XCTAssertEqual(CaseMapping.lowercased("ISTANBUL", language: "en"), "istanbul")
        XCTAssertEqual(CaseMapping.lowercased("ΟΔΟΣ", language: "el"), "οδος", "a final sigma is ς")
    }

    func testAResultLongerThanTheFirstBufferIsWhole() throws {
        let text = String(repeating: "ß", count: 40)
        let upper = try CaseMapping.icuUppercased(text, language: "de")
        XCTAssertEqual(upper, String(repeating: "SS", count: 40))
    }
}
