import TestSupport
import XCTest

@testable import Captions

final class CaptionChunkerTests: XCTestCase {
    private let limits = ChunkingLimits(maxCharacters: 24, maxDuration: 3, minDuration: 0.8, minGap: 2.0 / 30)

    /// A segment whose words last 0.3 s each, back to back.
    private func chunk(_ text: String, limits: ChunkingLimits? = nil) -> [Caption] {
        let words = text.split(separator: " ").enumerated().map { i, word in
            Word(text: String(word), start: Double(i) * 0.3, end: Double(i + 1) * 0.3)
        }
        let segment = Segment(text: text, start: 0, end: Double(words.count) * 0.3, words: words)
        return CaptionChunker.captions(
            TimedToken.tokens(of: segment), limits: limits ?? self.limits, language: "en", speaker: nil)
    }

    func testFullStopsEndACaptionAndOrphansJoinTheirNeighbour() {
        XCTAssertEqual(chunk("Hello there. Are you coming?").map(\.text), ["Hello there.", "Are you coming?"])
        XCTAssertEqual(chunk("Hello there. Are you coming? Yes!").map(\.text), ["Hello there.", "Are you coming? Yes!"])
    }

    func testAnOrphanTakesTheWordBeforeItWhenItCannotJoin() {
        // 24 characters at most: "see you tomorrow 👋" cannot join "Let's go 🚀🔥 see you".
        XCTAssertEqual(
            chunk("Let's go now and see you tomorrow 👋").map(\.text), ["Let's go now and see you", "tomorrow 👋"])
        XCTAssertEqual(chunk("The route is long and very steep").map(\.text), ["The route is long and", "very steep"])
        for caption in chunk("Let's go 🚀🔥 see you again tomorrow 👋 bye") {
            XCTAssertFalse(CaptionChunker.isOrphan(TimedToken.tokens(of: Segment(text: caption.text, start: 0, end: 1))), caption.text)
        }
    }

    /// Where taking the word before would leave the caption ending on a bound word (`of`),
    /// the orphan takes the words up to a free boundary; without the table, only the word.
    func testAnOrphanTakesTheWordsBeforeItUpToAPhraseBoundary() throws {
        var limits = ChunkingLimits(maxCharacters: 30, maxDuration: 100, minDuration: 0.1)
        XCTAssertEqual(chunk("This is a hand timed cue of 35 chr", limits: limits).map(\.text), ["This is a hand timed cue of", "35 chr"])
        limits.phrases = try Repository.phrases()
        XCTAssertEqual(chunk("This is a hand timed cue of 35 chr", limits: limits).map(\.text), ["This is a hand timed cue", "of 35 chr"])
    }

    /// Captions of a segment without word timings, long enough that no piece of it is too
    /// short to be made.
    private func captions(_ text: String) -> [String] {
        let segment = Segment(text: text, start: 0, end: 9)
        return CaptionChunker.captions(TimedToken.tokens(of: segment), limits: limits, language: nil, speaker: nil)
            .map(\.text)
    }

    func testPunctuationBetweenSpacesStaysWhereItStood() {
        XCTAssertEqual(captions("- Are you coming?\n- No, I am not."), ["- Are you coming?", "- No, I am not."])
        XCTAssertEqual(captions("Ça va ? Très bien ! « Oui »"), ["Ça va ?", "Très bien !", "« Oui »"])
        XCTAssertEqual(captions("this - that — ok"), ["this - that — ok"])
        XCTAssertEqual(captions("♪ ♪"), ["♪ ♪"])
        XCTAssertEqual(captions("🎉🎉"), ["🎉🎉"])
    }

    func testAbbreviationsDoNotEndACaption() {
        XCTAssertEqual(captions("Ask Dr. J. Smith. U.S. news, etc. now."), ["Ask Dr. J. Smith.", "U.S. news, etc. now."])
    }

    func testCommaIsThePreferredSplit() {
        XCTAssertEqual(
            chunk("When we record outside, the wind gets loud").map(\.text),
            ["When we record outside,", "the wind gets loud"])
    }

    func testWithoutACommaTheSplitIsBeforeTheWordThatDoesNotFit() {
        XCTAssertEqual(
            chunk("every caption must stay short enough to read").map(\.text),
            ["every caption must stay", "short enough to read"])
    }

    func testDurationLimitSplitsToo() {
        let long = ChunkingLimits(maxCharacters: 200, maxDuration: 1.0, minDuration: 0.5, minGap: 0.05)
        let captions = chunk("one two three four five six", limits: long)
        XCTAssertEqual(captions.map(\.text), ["one two three", "four five six"])
        XCTAssertTrue(captions.allSatisfy { $0.end - $0.start <= 1.0 + 1e-9 })
    }

    func testHandTimedCueIsNotSplitForItsDuration() {
        // A cue of 7.5 s whose text fits: its author chose the time, only recognized words are split by it.
        let cue = Segment(text: "Second cue here", start: 2.5, end: 10)
        let captions = CaptionChunker.captions(TimedToken.tokens(of: cue), limits: limits, language: "en", speaker: nil)
        XCTAssertEqual(captions.map(\.text), ["Second cue here"])
        XCTAssertEqual(captions.first?.start, 2.5)
        XCTAssertEqual(captions.first?.end, 10)
        // Too many characters still split it.
        let wordy = Segment(text: "a hand timed cue with far more text than one caption holds", start: 0, end: 4)
        XCTAssertGreaterThan(
            CaptionChunker.captions(TimedToken.tokens(of: wordy), limits: limits, language: "en", speaker: nil).count, 1)
    }

    func testWordTimingsStayInsideEachCaption() {
        let captions = chunk("When we record outside, the wind gets loud")
        XCTAssertEqual(captions[1].words.map(\.text), ["the", "wind", "gets", "loud"])
        XCTAssertEqual(captions[1].start, captions[1].words[0].start)
        XCTAssertEqual(captions[1].end, captions[1].words.last?.end)
    }

    func testCJKSpaceIsASoftBreakAndCharactersCountDouble() {
        let text = "我们今天来聊一聊 字幕的重要性和排版"
        let segment = Segment(text: text, start: 0, end: 5)
        let captions = CaptionChunker.captions(
            TimedToken.tokens(of: segment), limits: limits, language: "zh", speaker: nil)
        XCTAssertEqual(captions.map(\.text), ["我们今天来聊一聊", "字幕的重要性和排版"])
    }

    /// Untimed Chinese without spaces is split before a dictionary word (ICU's), not inside
    /// it: at 24 characters of width (12 CJK) the limit falls between 散 and 步.
    func testUntimedCJKIsSplitBetweenDictionaryWords() {
        let segment = Segment(text: "我们今天在大公园里一起散步然后去吃饭", start: 0, end: 5)
        let captions = CaptionChunker.captions(TimedToken.tokens(of: segment), limits: limits, language: "zh", speaker: nil)
        XCTAssertEqual(captions.map(\.text), ["我们今天在大公园里一起", "散步然后去吃饭"])
    }

    func testMinimumDurationAndGap() {
        let captions = [
            Caption(text: "a", start: 0, end: 0.2), Caption(text: "b", start: 0.5, end: 1.5),
            Caption(text: "c", start: 1.52, end: 3),
        ]
        let adjusted = CaptionChunker.adjustTimes(captions, limits: limits)
        XCTAssertEqual(adjusted[0].end, 0.5 - 2.0 / 30, accuracy: 1e-9, "longer, but not into the next")
        XCTAssertEqual(adjusted[1].end, 1.52 - 2.0 / 30, accuracy: 1e-9, "two frames before the next")
        XCTAssertEqual(adjusted[2].end, 3)
    }
}
