import XCTest

@testable import Captions

/// A recognizer times a group of Chinese or Japanese characters as one word; the tokenizer
/// makes a token of each character; captions show the group as one word again.
final class CJKWordGroupTests: XCTestCase {
    /// A segment of `text` timed by `words`, back to back from 0, `step` seconds each.
    private func segment(_ text: String, _ words: [String], step: Double = 0.6) -> Segment {
        let timed = words.enumerated().map { i, word in
            Word(text: word, start: Double(i) * step, end: Double(i + 1) * step)
        }
        return Segment(text: text, start: 0, end: Double(words.count) * step, words: timed)
    }

    private func captions(_ segment: Segment, maxCharacters: Int = 42) -> [Caption] {
        CaptionChunker.captions(
            TimedToken.tokens(of: segment), limits: ChunkingLimits(maxCharacters: maxCharacters), language: "ja",
            speaker: nil)
    }

    /// Segment text, its recognizer words, and the words of its captions (one list a caption).
    static let cases: [(text: String, words: [String], shown: [[String]])] = [
        ("今日はいい天気です。", ["今日は", "いい", "天気です。"], [["今日は", "いい", "天気です。"]]),
        ("我们今天讨论字幕", ["我们", "今天", "讨论", "字幕"], [["我们", "今天", "讨论", "字幕"]]),
        // Latin words stay one a token, even inside one recognizer word.
        ("New York 東京Tower", ["New York", "東京Tower"], [["New", "York", "東京", "Tower"]]),
        // Pieces the text spaces apart are words of their own.
        ("今日 は", ["今日は"], [["今日", "は"]]),
        // Words the recognizer left out of the text: the text's characters are timed alone.
        ("今日はね", ["今日は"], [["今日は", "ね"]]),
        ("한국어 자막", ["한국어", "자막"], [["한국어", "자막"]]),
    ]

    func testEachTimedGroupIsOneCaptionWord() {
        for item in Self.cases {
            let shown = captions(segment(item.text, item.words))
            XCTAssertEqual(shown.map { $0.words.map(\.text) }, item.shown, item.text)
            // The words still tell the caption's text apart only by spaces.
            for caption in shown {
                XCTAssertEqual(
                    caption.words.map(\.text).joined(), caption.text.filter { !$0.isWhitespace }, item.text)
            }
        }
    }

    func testAGroupTakesItsPiecesTimes() throws {
        let shown = captions(segment("今日はいい天気です", ["今日は", "いい", "天気です"]))
        let words = try XCTUnwrap(shown.first?.words)
        assertEqual(words.map(\.start), [0, 0.6, 1.2])
        assertEqual(words.map(\.end), [0.6, 1.2, 1.8])
        XCTAssertEqual(words.map(\.estimated), [false, false, false])
        let tokens = TimedToken.tokens(of: segment("今日はいい", ["今日は", "いい"]))
        XCTAssertEqual(tokens.map(\.joinsPrevious), [false, true, true, false, true])
        assertEqual(tokens.map(\.start), [0, 0.2, 0.4, 0.6, 0.9], "the pieces keep their spread times")
    }

    private func assertEqual(_ a: [Double], _ b: [Double], _ message: String = "", line: UInt = #line) {
        XCTAssertEqual(a.count, b.count, message, line: line)
        for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: 1e-9, "\(a) \(message)", line: line) }
    }

    func testAGroupKeepsItsEmphasis() {
        var timed = segment("今日はいい", ["今日は", "いい"])
        timed.words[0].emphasis = true
        XCTAssertEqual(captions(timed).first?.words.map(\.emphasis), [true, false])
    }

    func testACaptionBoundaryInsideAGroupSplitsIt() {
        // Six characters (twelve columns) fit; the eight-character word does not.
        let shown = captions(segment("東京特許許可局長", ["東京特許許可局長"]), maxCharacters: 12)
        XCTAssertEqual(shown.map(\.text), ["東京特許許可", "局長"])
        XCTAssertEqual(shown.map { $0.words.map(\.text) }, [["東京特許許可"], ["局長"]])
        XCTAssertEqual(shown[1].words.first?.start, shown[1].start)
    }

    func testUntimedTextStaysOneWordAToken() {
        let shown = captions(Segment(text: "今日はいい", start: 0, end: 1))
        XCTAssertEqual(shown.first?.words.map(\.text), ["今", "日", "は", "い", "い"])
    }
}
