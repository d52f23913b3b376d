import XCTest

@testable import Captions

final class TokenizerTests: XCTestCase {
    private func texts(_ text: String) -> [String] { Tokenizer.tokens(text).map(\.text) }

    func testSymbolsAndNumbersStayWithTheirWords() {
        XCTAssertEqual(
            texts("Save 5% on $20, 3.5 stars, 1,000 fans at 10:30; 25°C #1 @home 1/2 €5 £3 ¥100 R&D +1"),
            ["Save", "5%", "on", "$20", "3.5", "stars", "1,000", "fans", "at", "10:30", "25°C", "#1", "@home", "1/2",
             "€5", "£3", "¥100", "R&D", "+1"])
    }

    func testPunctuationIsKeptApartButNotLost() {
        let tokens = Tokenizer.tokens("“Hello,” she said (twice). Really?!")
        XCTAssertEqual(tokens.map(\.text), ["Hello", "she", "said", "twice", "Really"])
        XCTAssertEqual(tokens[0].leading, "“")
        XCTAssertEqual(tokens[0].trailing, ",”")
        XCTAssertEqual(tokens[3].leading, "(")
        XCTAssertEqual(tokens[3].trailing, ").")
        XCTAssertEqual(tokens[4].trailing, "?!")
        XCTAssertTrue(tokens[3].endsSentence)
        XCTAssertTrue(tokens[0].endsClause)
        XCTAssertEqual(Tokenizer.join(tokens), "“Hello,” she said (twice). Really?!")
    }

    func testSentenceEndAfterANumberIsNotPartOfIt() {
        let tokens = Tokenizer.tokens("It costs 3.5. Or 10:30.")
        XCTAssertEqual(tokens.map(\.text), ["It", "costs", "3.5", "Or", "10:30"])
        XCTAssertEqual(tokens[2].trailing, ".")
    }

    func testWordsKeepApostrophesHyphensAndAbbreviations() {
        XCTAssertEqual(texts("don't well-known U.S.A. l’été"), ["don't", "well-known", "U.S.A", "l’été"])
    }

    func testChineseJapaneseAndKoreanArePerCharacter() {
        let tokens = Tokenizer.tokens("字幕，很重要。 日本語のテスト 한국어")
        XCTAssertEqual(tokens.map(\.text), ["字", "幕", "很", "重", "要", "日", "本", "語", "の", "テ", "ス", "ト", "한", "국", "어"])
        XCTAssertTrue(tokens.allSatisfy(\.isCJK))
        XCTAssertEqual(tokens[1].trailing, "，")
        XCTAssertEqual(tokens[4].trailing, "。")
        XCTAssertTrue(tokens[5].spaceBefore, "a space between CJK characters is kept as a soft break")
        XCTAssertFalse(tokens[6].spaceBefore)
        XCTAssertEqual(Tokenizer.join(tokens), "字幕，很重要。 日本語のテスト 한국어")
    }

    func testMixedScriptKeepsLatinWordsWhole() {
        XCTAssertEqual(texts("我有iPhone 15了"), ["我", "有", "iPhone", "15", "了"])
    }
}
