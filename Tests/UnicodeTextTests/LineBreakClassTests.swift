import XCTest

@testable import UnicodeText

final class LineBreakClassTests: XCTestCase {
    /// Scalars with their ICU line-break class.
    private let cases: [(scalar: Unicode.Scalar, code: String)] = [
        ("a", "AL"), (" ", "SP"), ("5", "NU"), (",", "IS"), ("(", "OP"), (")", "CP"), ("-", "HY"),
        ("\n", "LF"), ("\r", "CR"), ("\u{0B}", "BK"), ("\u{0C}", "BK"), ("\u{85}", "NL"), ("\u{2028}", "BK"),
        ("\u{2029}", "BK"), ("字", "ID"), ("あ", "ID"), ("ぁ", "CJ"), ("ー", "CJ"), ("하", "H2"), ("한", "H3"),
        ("ᄀ", "JL"), ("ᅡ", "JV"), ("ᆨ", "JT"), ("ก", "SA"), ("Ａ", "ID"), ("５", "ID"), ("。", "CL"),
        ("「", "OP"), ("🎉", "ID"), ("\u{200D}", "ZWJ"), ("\u{00A0}", "GL"),
    ]

    func testClassesComeFromICU() {
        for (scalar, code) in cases {
            XCTAssertEqual(LineBreakClass(of: scalar).code, code, "U+\(String(scalar.value, radix: 16))")
        }
    }

    func testMandatoryBreaksAreTheNewlines() {
        let newlines: [Unicode.Scalar] = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
        for scalar in cases.map(\.scalar) {
            XCTAssertEqual(LineBreakClass(of: scalar).isMandatoryBreak, newlines.contains(scalar), "\(scalar.value)")
        }
    }

    func testLettersOfScriptsWithoutSpacesBreakBetweenEachOther() {
        let letters: [Unicode.Scalar] = ["字", "あ", "ぁ", "ー", "하", "한", "ᄀ", "ᅡ", "ᆨ", "ก", "Ａ", "５", "🎉"]
        for scalar in cases.map(\.scalar) {
            XCTAssertEqual(LineBreakClass(of: scalar).breaksBetweenLetters, letters.contains(scalar), "\(scalar.value)")
        }
    }
}
