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

    func testThaiIsSplitIntoDictionaryWords() {
        let tokens = Tokenizer.tokens("ฉันชอบกินข้าวผัด มาก!")
        XCTAssertEqual(tokens.map(\.text), ["ฉัน", "ชอบ", "กิน", "ข้าว", "ผัด", "มาก"])
        XCTAssertEqual(tokens.last?.trailing, "!")
        XCTAssertEqual(Tokenizer.join(tokens), "ฉันชอบกินข้าวผัด มาก!")
    }

    func testMixedScriptKeepsLatinWordsWhole() {
        XCTAssertEqual(texts("我有iPhone 15了"), ["我", "有", "iPhone", "15", "了"])
    }

    /// The text of `text` with each run of white space one space and none at either end.
    private func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func testJoiningTheTokensGivesBackTheTextWithWhiteSpaceCollapsed() {
        let samples = [
            "- Are you coming?\n- No, I am not.",
            "-Are you coming?\n-No.",
            "— Tu viens ?\n— Non.",
            "Ça va ? Très bien ! « Oui »",
            "Attention : il pleut ; prends un parapluie !",
            "« Bonjour », dit-il.",
            "¿Qué tal? ¡Muy bien!",
            "¿ Qué tal ? ¡ Bien !",
            "this - that",
            "this – that and 1990–2000",
            "I was — well — tired",
            "I was—well—tired",
            "He said, “Go.” ‘Now’ \"quoted\" 'single'",
            "Wait... what? Wait ... what … really…",
            "...and then",
            "♪ ♪",
            "♪ La la la ♪",
            "🎉🎉",
            "Party 🎉 time 👍🏽! 👨‍👩‍👧 #️⃣",
            "字幕，很重要。 日本語のテスト 한국어",
            "「こんにちは」と言った。（笑）",
            "我有iPhone 15了，很好！ OK？",
            "Save 5% on $20, 3.5 stars, 1,000 fans at 10:30; 25°C #1 @home 1/2 €5",
            "Costs: $ 20 / 5 % off + tax & fees",
            "( laughs ) [ music ] { sic }",
            "Dr. Smith met Mr. J. Jones at 10 a.m. in the U.S.A. on Jan. 5, etc.",
            "  spaces\t\tand\r\nCRLF  \n\n lines  ",
            "!!! ??? ...",
            "a ( b ) c",
            "« »",
            "Hello ““World",
            "snake_case and *stars* and -- double",
            "",
        ]
        XCTAssertGreaterThanOrEqual(samples.count, 25)
        for sample in samples {
            XCTAssertEqual(Tokenizer.join(Tokenizer.tokens(sample)), collapsed(sample), sample)
        }
    }

    func testDialogueDashesLeadTheLineTheyStart() {
        let tokens = Tokenizer.tokens("- Are you coming?\n- No, I am not.")
        XCTAssertEqual(tokens.map(\.display), ["- Are", "you", "coming?", "- No,", "I", "am", "not."])
        XCTAssertEqual(tokens[0].leading, "- ")
        XCTAssertEqual(tokens[0].text, "Are")
        XCTAssertEqual(tokens[2].trailing, "?")
        XCTAssertTrue(tokens[2].endsSentence)
        XCTAssertEqual(tokens[3].leading, "- ")
        XCTAssertTrue(tokens[3].spaceBefore)
        XCTAssertEqual(Tokenizer.tokens("— Tu viens ?").map(\.display), ["— Tu", "viens ?"])
    }

    func testFrenchSpacingKeepsTheMarksWithTheirWords() {
        let tokens = Tokenizer.tokens("Ça va ? Très bien ! « Oui » : non ; si")
        XCTAssertEqual(tokens.map(\.text), ["Ça", "va", "Très", "bien", "Oui", "non", "si"])
        XCTAssertEqual(tokens.map(\.display), ["Ça", "va ?", "Très", "bien !", "« Oui » :", "non ;", "si"])
        XCTAssertEqual(tokens[1].trailing, " ?")
        XCTAssertEqual(tokens[4].leading, "« ")
        XCTAssertEqual(tokens[4].trailing, " » :")
        XCTAssertEqual(tokens.map(\.endsSentence), [false, true, false, true, false, false, false])
        XCTAssertEqual(tokens.map(\.endsClause), [false, false, false, false, true, true, false])
        XCTAssertEqual(Tokenizer.tokens("¿ Qué ?").map(\.display), ["¿ Qué ?"])
    }

    func testPunctuationBetweenSpacesIsATokenOfItsOwn() {
        let tokens = Tokenizer.tokens("this - that — and ... so ?")
        XCTAssertEqual(tokens.map(\.text), ["this", "-", "that", "—", "and", "...", "so"])
        XCTAssertEqual(tokens.map(\.leading), ["", "", "", "", "", "", ""])
        XCTAssertEqual(tokens.map(\.trailing), ["", "", "", "", "", "", " ?"])
        XCTAssertEqual(tokens.map(\.spaceBefore), [false, true, true, true, true, true, true])
        XCTAssertEqual(Tokenizer.tokens("... and -").map(\.text), ["...", "and", "-"])
        XCTAssertEqual(Tokenizer.tokens("? what").map(\.text), ["?", "what"], "a closing mark with no word before it")
        XCTAssertEqual(Tokenizer.tokens("end «").map(\.text), ["end", "«"], "an opening mark with no word after it")
        XCTAssertEqual(Tokenizer.tokens("Hello ““World").map(\.display), ["Hello", "““World"])
    }

    func testSymbolsAndEmojiAreWords() {
        XCTAssertEqual(texts("♪ ♪"), ["♪", "♪"])
        XCTAssertEqual(texts("🎉🎉"), ["🎉🎉"])
        XCTAssertEqual(texts("♪ La la ♪"), ["♪", "La", "la", "♪"])
        let tokens = Tokenizer.tokens("Great!🎉 👍🏽 👨‍👩‍👧")
        XCTAssertEqual(tokens.map(\.text), ["Great", "🎉", "👍🏽", "👨‍👩‍👧"])
        XCTAssertEqual(tokens[0].trailing, "!")
        XCTAssertFalse(tokens[1].spaceBefore)
    }

    func testAbbreviationsDoNotEndSentences() {
        func ends(_ text: String) -> [Bool] { Tokenizer.tokens(text).map(\.endsSentence) }
        for abbreviation in [
            "Dr.", "Mr.", "Mrs.", "Ms.", "Prof.", "St.", "Jr.", "Sr.", "vs.", "etc.", "e.g.", "i.e.", "a.m.", "p.m.",
            "Jan.", "Feb.", "Mar.", "Apr.", "Jun.", "Jul.", "Aug.", "Sep.", "Sept.", "Oct.", "Nov.", "Dec.", "U.S.",
            "U.S.A.", "J.", "MR.", "(etc.)",
        ] {
            XCTAssertEqual(ends(abbreviation), [false], abbreviation)
        }
        XCTAssertEqual(ends("Dr. Smith met J. R. Jones at 10 a.m. and left."), [
            false, false, false, false, false, false, false, false, false, false, true,
        ])
        XCTAssertEqual(ends("Apples, pears, etc.? Yes."), [false, false, true, true])
        XCTAssertEqual(ends("etc.. done!"), [true, true])
        XCTAssertEqual(ends("In May. Then I. It costs 3.5. Doctor."), [false, true, false, true, false, false, true, true])
    }

    /// The katakana middle dot (U+30FB) is punctuation ICU gives to every CJK script: it trails
    /// the character before it, so a caption or a line never starts with it. The hand-written
    /// kana range this replaced made it a token of its own.
    func testTheKatakanaMiddleDotTrailsItsWord() {
        let tokens = Tokenizer.tokens("ハリー・ポッター")
        XCTAssertEqual(tokens.map(\.text), ["ハ", "リ", "ー", "ポ", "ッ", "タ", "ー"])
        XCTAssertEqual(tokens[2].trailing, "・")
        XCTAssertEqual(Tokenizer.join(tokens), "ハリー・ポッター")
    }
}
