import XCTest

@testable import UnicodeText

final class UnicodeScriptTests: XCTestCase {
    /// Scalars with their ICU script, their CJK script (nil: none), and whether they are Thai,
    /// Lao, Khmer or Myanmar.
    private let cases: [(scalar: Unicode.Scalar, script: String, cjk: CJKScript?, southeastAsian: Bool)] = [
        ("A", "Latn", nil, false),
        ("é", "Latn", nil, false),
        ("Ж", "Cyrl", nil, false),
        ("ب", "Arab", nil, false),
        ("א", "Hebr", nil, false),
        ("क", "Deva", nil, false),
        ("5", "Zyyy", nil, false),
        (" ", "Zyyy", nil, false),
        ("\u{0301}", "Zinh", nil, false),  // combining acute accent
        ("\u{10FFFD}", "Zzzz", nil, false),  // private use
        // Han: unified, extension A, B and G, compatibility, iteration and zero marks, radicals.
        ("字", "Hani", .han, false), ("㐀", "Hani", .han, false), ("𠀀", "Hani", .han, false),
        ("\u{30000}", "Hani", .han, false), ("豈", "Hani", .han, false), ("々", "Hani", .han, false),
        ("〇", "Hani", .han, false), ("⺀", "Hani", .han, false),
        // Kana, halfwidth kana, and the common marks used with kana alone.
        ("あ", "Hira", .kana, false), ("ア", "Kana", .kana, false), ("ㇰ", "Kana", .kana, false),
        ("ｱ", "Kana", .kana, false), ("ー", "Zyyy", .kana, false), ("ｰ", "Zyyy", .kana, false),
        ("゛", "Zyyy", .kana, false), ("ﾞ", "Zyyy", .kana, false), ("゠", "Zyyy", .kana, false),
        ("\u{3099}", "Zinh", .kana, false),  // combining voiced sound mark
        // Hangul syllables, jamo, compatibility jamo.
        ("한", "Hang", .hangul, false), ("ᄀ", "Hang", .hangul, false), ("ㄱ", "Hang", .hangul, false),
        // Punctuation CJK writing shares, fullwidth forms, emoji: none of the three.
        ("。", "Zyyy", nil, false), ("、", "Zyyy", nil, false), ("「", "Zyyy", nil, false),
        ("・", "Zyyy", nil, false), ("，", "Zyyy", nil, false), ("５", "Zyyy", nil, false),
        ("Ａ", "Latn", nil, false), ("🎉", "Zyyy", nil, false), ("ㄅ", "Bopo", nil, false),
        // Scripts written without spaces.
        ("ก", "Thai", nil, true), ("ກ", "Laoo", nil, true), ("ក", "Khmr", nil, true), ("က", "Mymr", nil, true),
        ("฿", "Zyyy", nil, false),
    ]

    func testScriptsComeFromICU() {
        XCTAssertGreaterThanOrEqual(cases.count, 40)
        for (scalar, script, cjk, southeastAsian) in cases {
            let name = "U+\(String(scalar.value, radix: 16, uppercase: true))"
            XCTAssertEqual(UnicodeScript(of: scalar).code, script, name)
            XCTAssertEqual(CJKScript(scalar), cjk, name)
            XCTAssertEqual(UnicodeScript(of: scalar).isSoutheastAsian, southeastAsian, name)
        }
    }

    func testScriptExtensionsNameEveryScriptAScalarIsUsedWith() {
        XCTAssertEqual(Set(UnicodeScript.extensions(of: "ー").map(\.code)), ["Hira", "Kana"])
        XCTAssertEqual(Set(UnicodeScript.extensions(of: "。").map(\.code)), ["Bopo", "Hang", "Hani", "Hira", "Kana", "Yiii"])
        XCTAssertEqual(UnicodeScript.extensions(of: "a").map(\.code), ["Latn"])
        XCTAssertEqual(UnicodeScript.extensions(of: "5").map(\.code), ["Zyyy"])
    }

    func testOnlyRealScriptsAreSpecific() {
        XCTAssertTrue(UnicodeScript.han.isSpecific)
        XCTAssertTrue(UnicodeScript(of: "a").isSpecific)
        XCTAssertFalse(UnicodeScript.common.isSpecific)
        XCTAssertFalse(UnicodeScript.inherited.isSpecific)
        XCTAssertFalse(UnicodeScript.unknown.isSpecific)
    }
}
