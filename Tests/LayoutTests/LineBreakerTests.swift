import XCTest

@testable import Layout

final class LineBreakerTests: XCTestCase {
    // MARK: Helpers

    /// `text` cut at `offsets` (UTF-8 bytes).
    private func pieces(_ text: String, at offsets: [Int]) -> [String] {
        let bytes = Array(text.utf8)
        let bounds = [0] + offsets + [bytes.count]
        return zip(bounds, bounds.dropFirst()).map { String(decoding: bytes[$0..<$1], as: UTF8.self) }
    }

    /// The pieces of `text` between its breaks.
    private func pieces(_ text: String, language: String?) -> [String] {
        pieces(text, at: LineBreaker.breaks(in: text, language: language).map(\.offset))
    }

    /// Fails for every break strictly inside an occurrence of one of `words` in `text`, and
    /// when a word does not occur at all (so a typo cannot make the test pass).
    private func assertNoBreakInside(
        _ words: [String], of text: String, language: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let breaks = LineBreaker.breaks(in: text, language: language).map(\.offset)
        XCTAssertFalse(breaks.isEmpty, "\(text) has no breaks at all", file: file, line: line)
        let bytes = Array(text.utf8)
        for word in words {
            let needle = Array(word.utf8)
            let starts = (0...(bytes.count - needle.count)).filter {
                bytes[$0..<$0 + needle.count].elementsEqual(needle)
            }
            XCTAssertFalse(starts.isEmpty, "\(word) is not in \(text)", file: file, line: line)
            for start in starts {
                let inside = breaks.filter { $0 > start && $0 < start + needle.count }
                XCTAssertEqual(inside, [], "\(word) is split in \(pieces(text, at: breaks))", file: file, line: line)
            }
        }
    }

    // MARK: Words in scripts without spaces

    /// Found by `make fuzz` (layout): ICU's line rules break between a letter and an emoji
    /// modifier, inside one grapheme cluster, and the line measured narrower than it was set.
    func testBreaksFallBetweenGraphemeClustersOnly() {
        XCTAssertEqual(pieces("uX🏽 ok", language: nil), ["uX🏽 ", "ok"])
        XCTAssertEqual(pieces("X\u{1F3FD}Y", language: nil), ["X\u{1F3FD}", "Y"])
        XCTAssertEqual(pieces("a👍🏽 b", language: nil), ["a", "👍🏽 ", "b"])
    }

    func testChineseBreaksNeverFallInsideDictionaryWords() {
        let sentences: [(String, [String])] = [
            ("我是一个学生。", ["一个", "学生"]),
            ("今天天气很好，我们去公园吧。", ["今天", "天气", "很好", "我们", "公园"]),
            ("中华人民共和国成立了。", ["中华", "人民", "共和国", "成立"]),
            ("我喜欢看中国电影。", ["喜欢", "中国", "电影"]),
            ("这个问题很复杂。", ["这个", "问题", "复杂"]),
        ]
        for (sentence, words) in sentences {
            assertNoBreakInside(words, of: sentence, language: "zh")
        }
    }

    func testChineseBreaksAtWordsWithPunctuationFirst() {
        let text = "今天天气很好，我们去公园吧。我是一个学生。"
        XCTAssertEqual(pieces(text, language: "zh"), ["今天", "天气", "很好，", "我们", "去", "公园", "吧。", "我是", "一个", "学生。"])
        let priorities = LineBreaker.breaks(in: text, language: "zh").map(\.priority)
        XCTAssertEqual(priorities, [.word, .word, .clause, .word, .word, .word, .sentence, .word, .word])
    }

    func testJapaneseKeepsWordsWhole() {
        assertNoBreakInside(["東京"], of: "東京都に住んでいます。", language: "ja")
        assertNoBreakInside(["字幕", "動画", "焼き", "込む", "ツール"], of: "字幕を動画に焼き込むツールです", language: "ja")
        assertNoBreakInside(["ちょっと", "コーヒー"], of: "ちょっと待ってください。コーヒーをどうぞ", language: "ja")
        // Phrases (bunsetsu): a particle never starts a line.
        XCTAssertEqual(pieces("字幕を動画に焼き込むツールです", language: "ja"), ["字幕を", "動画に", "焼き", "込む", "ツールです"])
        assertNoBreakInside(["新しい", "スマートフォン"], of: "新しいスマートフォンを買いました", language: "ja")
        XCTAssertEqual(pieces("新しいスマートフォンを買いました", language: "ja"), ["新しい", "スマートフォンを", "買いました"])
    }

    func testThaiBreaksNeverFallInsideDictionaryWords() {
        assertNoBreakInside(["ภาษา", "ไทย", "ง่าย", "เดียว"], of: "ภาษาไทยง่ายนิดเดียว", language: "th")
        assertNoBreakInside(["ฉัน", "ชอบ", "กิน", "ข้าว", "ผัด"], of: "ฉันชอบกินข้าวผัด", language: "th")
        assertNoBreakInside(["วัน", "นี้", "อากาศ", "มาก"], of: "วันนี้อากาศดีมาก", language: "th")
        XCTAssertEqual(pieces("ฉันชอบกินข้าวผัด", language: "th"), ["ฉัน", "ชอบ", "กิน", "ข้าว", "ผัด"])
    }

    func testKoreanBreaksAtSpacesOnly() {
        let text = "안녕하세요 여러분, 오늘은 날씨가 좋네요."
        XCTAssertEqual(pieces(text, language: "ko"), ["안녕하세요 ", "여러분, ", "오늘은 ", "날씨가 ", "좋네요."])
    }

    // MARK: Priorities

    func testLatinPunctuationRanksTheBreaks() {
        let text = "Wait, he said \"Stop.\" Then (left) well-known"
        let breaks = LineBreaker.breaks(in: text, language: "en")
        XCTAssertEqual(
            pieces(text, at: breaks.map(\.offset)),
            ["Wait, ", "he ", "said ", "\"Stop.\" ", "Then ", "(left) ", "well-", "known"])
        XCTAssertEqual(breaks.map(\.priority), [.clause, .space, .space, .sentence, .space, .space, .word])
    }

    func testFullwidthPunctuationRanksTheBreaks() {
        let text = "好的！他说：“走吧。”然后、我们"
        let breaks = LineBreaker.breaks(in: text, language: "zh")
        XCTAssertEqual(pieces(text, at: breaks.map(\.offset)), ["好的！", "他", "说：", "“走", "吧。”", "然后、", "我们"])
        XCTAssertEqual(breaks.map(\.priority), [.sentence, .word, .clause, .word, .sentence, .clause])
    }

    func testPriorityOrder() {
        let ascending: [LineBreak.Priority] = [.grapheme, .bound, .word, .space, .clause, .sentence, .mandatory]
        XCTAssertEqual(ascending.sorted(), ascending)
        XCTAssertGreaterThan(LineBreak.Priority.sentence, .clause)
        XCTAssertGreaterThan(LineBreak.Priority.clause, .space)
        XCTAssertGreaterThan(LineBreak.Priority.space, .word)
    }

    /// The priority of the break before `word` in `text` (its first occurrence).
    private func priority(before word: String, in text: String, language: String? = "en") -> LineBreak.Priority? {
        let offset = text.utf8.count - text[text.range(of: word)!.lowerBound...].utf8.count
        return LineBreaker.breaks(in: text, language: language).first { $0.offset == offset }?.priority
    }

    func testNamesKeepTheirNumbersAndNumbersTheirUnits() {
        XCTAssertEqual(priority(before: "15", in: "the new iPhone 15 camera"), .bound)
        XCTAssertEqual(priority(before: "11", in: "Windows 11 is here"), .bound)
        XCTAssertEqual(priority(before: "3", in: "read Chapter 3 now"), .bound)
        XCTAssertEqual(priority(before: "km", in: "a 12 km walk"), .bound)
        XCTAssertEqual(priority(before: "fps", in: "at 30 fps today"), .bound)
        XCTAssertEqual(priority(before: "000", in: "it costs 10 000 euros"), .bound)
        XCTAssertEqual(priority(before: "15", in: "我们在 iPhone 15 上测试了", language: "zh"), .bound)
        // A plain word before a number, and a number before a plain word, break as usual.
        XCTAssertEqual(priority(before: "3", in: "we have 3 cats"), .space)
        XCTAssertEqual(priority(before: "cats", in: "we have 3 cats"), .space)
        XCTAssertEqual(priority(before: "2024", in: "back in 2024 we"), .space)
    }

    func testPolishCzechAndSlovakLinesDoNotEndOnAOneLetterWord() {
        XCTAssertEqual(priority(before: "Praze", in: "Bydlíme v Praze od roku", language: "cs"), .bound)
        XCTAssertEqual(priority(before: "domu", in: "Idę z domu teraz", language: "pl"), .bound)
        XCTAssertEqual(priority(before: "Bratislave", in: "Som v Bratislave", language: "sk-SK"), .bound)
        // Elsewhere a one-letter word ends a line like any other.
        XCTAssertEqual(priority(before: "Praze", in: "Bydlíme v Praze od roku", language: "en"), .space)
        XCTAssertEqual(priority(before: "cat", in: "I saw a cat today", language: "en"), .space)
    }

    func testNewlineIsMandatory() {
        let text = "one\ntwo three\r\nfour\n  five"
        let breaks = LineBreaker.breaks(in: text, language: "en")
        XCTAssertEqual(pieces(text, at: breaks.map(\.offset)), ["one\n", "two ", "three\r\n", "four\n", "  five"])
        XCTAssertEqual(breaks.map(\.priority), [.mandatory, .space, .mandatory, .mandatory])
    }

    func testOffsetsAreUTF8AndExcludeTheStartAndTheEnd() {
        XCTAssertEqual(LineBreaker.breaks(in: "one two three", language: "en").map(\.offset), [4, 8])
        XCTAssertEqual(LineBreaker.breaks(in: "  lead", language: "en"), [])
        XCTAssertEqual(LineBreaker.breaks(in: "", language: "en"), [])
        // 😀 is 4 UTF-8 bytes and 2 UTF-16 units; 中 is 3 bytes and 1 unit.
        XCTAssertEqual(pieces("😀 中国 x", language: "zh"), ["😀 ", "中国 ", "x"])
    }

    func testLongTextIsConvertedInOrder() {
        let sentence = "我是一个学生。Hello 😀 world, "
        let text = String(repeating: sentence, count: 800)  // about 20,000 characters
        let once = LineBreaker.breaks(in: sentence, language: "zh")
        XCTAssertEqual(pieces(sentence, at: once.map(\.offset)), ["我是", "一个", "学生。", "Hello ", "😀 ", "world, "])
        // Each copy breaks as the sentence alone does, and after its comma before the next copy.
        let length = sentence.utf8.count
        let expected = (0..<800).flatMap { copy in
            (copy > 0 ? [LineBreak(offset: copy * length, priority: .clause)] : [])
                + once.map { LineBreak(offset: copy * length + $0.offset, priority: $0.priority) }
        }
        XCTAssertEqual(LineBreaker.breaks(in: text, language: "zh"), expected)
    }

    // MARK: Numbers

    func testNumbersStayWithTheirSymbols() {
        let text = "Save 5% on $20, €5 at 25°C for #1 at 3.5 or 1,000 by 10:30 on 1/2"
        XCTAssertEqual(
            pieces(text, language: "en"),
            [
                "Save ", "5% ", "on ", "$20, ", "€5 ", "at ", "25°C ", "for ", "#1 ", "at ", "3.5 ", "or ", "1,000 ",
                "by ", "10:30 ", "on ", "1/2",
            ])
    }

    func testFullwidthNumbersAreNotSplit() {
        // ICU's line rules break between any two fullwidth digits (class ID).
        let text = "价格５０％，约￥１００，１０：３０开始，３．５分"
        assertNoBreakInside(["５０％", "￥１００", "１０：３０", "３．５"], of: text, language: "zh")
    }

    func testSymbolsAcrossASpaceStayWithTheirNumber() {
        XCTAssertEqual(
            pieces("Il coûte 20 € et 5 % de plus", language: "fr"),
            ["Il ", "coûte ", "20 € ", "et ", "5 % ", "de ", "plus"])
        XCTAssertEqual(pieces("气温是25 °C", language: "zh"), ["气温", "是", "25 °C"])
        // A symbol touching the other number goes with that one.
        XCTAssertEqual(
            pieces("from 20$ 30$ to 40 $50", language: "en"), ["from ", "20$ ", "30$ ", "to ", "40 ", "$50"])
    }

    // MARK: Grapheme clusters

    func testGraphemeBreaksKeepEmojiSequencesWhole() {
        // 👩‍💻 is 11 bytes, the family 👨‍👩‍👧‍👦 25 bytes.
        XCTAssertEqual(LineBreaker.graphemeBreaks(in: "👩‍💻👨‍👩‍👧‍👦ok"), [11, 36, 37])
    }

    func testGraphemeBreaksKeepHindiConjunctsWhole() {
        // क्ष (3 scalars, 9 bytes), त्रि (4 scalars, 12 bytes), य (3 bytes).
        XCTAssertEqual(LineBreaker.graphemeBreaks(in: "क्षत्रिय"), [9, 21])
        XCTAssertEqual(LineBreaker.graphemeBreaks(in: "a"), [])
        XCTAssertEqual(LineBreaker.graphemeBreaks(in: ""), [])
    }
}
