import TestSupport
import UnicodeText
import XCTest

@testable import Captions

/// The chunker under a word limit (`ChunkingLimits.maxWords`), on the caption text of every
/// case file of the suite (`CaptionTexts`) as speech a recognizer timed word by word: spaced
/// text a word per space, Chinese, Japanese and Thai a word per ICU dictionary word.
final class WordLimitChunkerTests: XCTestCase {
    /// The words a recognizer would give for `text`: split at spaces, and a run of CJK or Thai
    /// letters at ICU's word boundaries; punctuation stays with the word before it (an
    /// opening mark with the word after it).
    static func recognizerWords(_ text: String, language: String?) throws -> [String] {
        var words: [String] = []
        var opening = ""
        func add(_ part: String, space: Bool) {
            let isPunctuation = part.allSatisfy(Tokenizer.isPunctuation)
            let opens = isPunctuation && part.unicodeScalars.allSatisfy { [.openPunctuation, .initialPunctuation].contains($0.properties.generalCategory) }
            if opens {
                opening += part
            } else if isPunctuation, !words.isEmpty {
                words[words.count - 1] += (space ? " " : "") + part
            } else {
                words.append(opening + part)
                opening = ""
            }
        }
        for piece in text.split(whereSeparator: \.isWhitespace).map(String.init) {
            guard piece.unicodeScalars.contains(where: { Tokenizer.isCJK(Character($0)) || (0x0E00...0x0E7F).contains($0.value) }) else {
                add(piece, space: true)
                continue
            }
            let utf16 = Array(piece.utf16)
            let bounds = Set([0, utf16.count] + (try TextBoundaries.words(in: UTF16Text(piece), locale: language))).sorted()
            for (start, end) in zip(bounds, bounds.dropFirst()) where end > start {
                add(String(decoding: utf16[start..<end], as: UTF16.self), space: start == 0)
            }
        }
        return words
    }

    /// A segment of `text` whose words last 0.3 s each from 0.
    static func timedSegment(_ text: String, language: String?) throws -> Segment {
        let words = try recognizerWords(text, language: language).enumerated().map { index, word in
            Word(text: word, start: Double(index) * 0.3, end: Double(index) * 0.3 + 0.28)
        }
        return Segment(text: text, start: 0, end: Double(words.count) * 0.3, language: language, words: words)
    }

    /// The tiktok preset's limits, with the phrase tables and `maxWords`.
    static func limits(maxWords: Int?) throws -> ChunkingLimits {
        var limits = ChunkingLimits(maxCharacters: 32, maxDuration: 3.5, minDuration: 0.8)
        limits.phrases = try Repository.phrases()
        limits.maxWords = maxWords
        return limits
    }

    /// How many words a reader sees in `caption`: its words with a letter or a digit, a bound
    /// pair (`iPhone 15`) and a one-letter Polish, Czech or Slovak word with the next counting once.
    static func readWords(_ caption: Caption) -> Int {
        let spoken = caption.words.map(\.text).filter { $0.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil } }
        let oneLetter = OneLetterWords.keptWithNext(in: caption.language)
        let pairs = zip(spoken, spoken.dropFirst()).filter { before, after in
            BoundWords.binds(before, after) || oneLetter && before.count == 1 && before.first?.isLetter == true
        }
        return spoken.count - pairs.count
    }

    func testNoCaptionHasMoreWordsNoPairOrWordIsPartedAndWordTimesStay() throws {
        let limited = try Self.limits(maxWords: 3)
        var captionsMade = 0
        var overLimitWithout = 0
        var failures: [String] = []
        for item in try CaptionTexts.all() {
            for cue in item.cues {
                let segment = try Self.timedSegment(cue.text, language: item.language)
                let tokens = TimedToken.tokens(of: segment)
                let captions = CaptionChunker.captions(tokens, limits: limited, language: item.language, speaker: nil)
                captionsMade += captions.count
                for caption in captions where Self.readWords(caption) > 3 {
                    failures.append("\(item.place): \(Self.readWords(caption)) words: \(caption.text)")
                }
                // Every recognizer word whole in one caption (each caption ends where a word
                // ends, in the text without spaces), at its own time.
                let ends = { (texts: [String]) in texts.reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1.filter { !$0.isWhitespace }.count) } }
                let wordEnds = Set(ends(segment.words.map(\.text)))
                if let parted = ends(captions.map(\.text)).first(where: { !wordEnds.contains($0) }) {
                    failures.append("\(item.place): a word parted \(parted) characters in: \(captions.map(\.text))")
                }
                let shown = captions.flatMap(\.words)
                if shown.map(\.text) == segment.words.map(\.text) {
                    for (word, given) in zip(shown, segment.words) where abs(word.start - given.start) > 1e-9 || abs(word.end - given.end) > 1e-9 {
                        failures.append("\(item.place): \(word.text) moved to \(word.start)...\(word.end)")
                    }
                }
                for (before, after) in zip(captions, captions.dropFirst()) {
                    guard let last = before.words.last?.text, let next = after.words.first?.text else { continue }
                    if BoundWords.binds(last, next) { failures.append("\(item.place): \(last) | \(next) parted") }
                    if OneLetterWords.keptWithNext(in: item.language), last.count == 1, last.first?.isLetter == true {
                        failures.append("\(item.place): one-letter \(last) ends a caption")
                    }
                }
                let unlimited = CaptionChunker.captions(tokens, limits: try Self.limits(maxWords: nil), language: item.language, speaker: nil)
                overLimitWithout += unlimited.filter { Self.readWords($0) > 3 }.count
            }
        }
        print("word limit 3: \(captionsMade) captions made, \(failures.count) failures; without the limit \(overLimitWithout) captions have more than 3 words")
        XCTAssertEqual(failures, [])
        XCTAssertGreaterThan(captionsMade, 300)
        // The cases hold longer captions, so the test can fail.
        XCTAssertGreaterThan(overLimitWithout, 100)
    }

    func testBoundPairsAndEmojiStayWithTheirWords() throws {
        let cases: [(text: String, language: String, limit: Int, expected: [String])] = [
            ("We tested the new iPhone 15 camera today", "en", 2, ["We tested", "the new", "iPhone 15", "camera today"]),
            ("It ran 12 km and cost $ 20 more", "en", 1, ["It", "ran", "12 km", "and", "cost", "$ 20", "more"]),
            ("Let's go 🚀🔥 see you tomorrow 👋", "en", 2, ["Let's go 🚀🔥", "see you", "tomorrow 👋"]),
            ("Bydlíme v Praze už deset let", "cs", 2, ["Bydlíme v Praze", "už deset", "let"]),
        ]
        for item in cases {
            let segment = try Self.timedSegment(item.text, language: item.language)
            let captions = CaptionChunker.captions(
                TimedToken.tokens(of: segment), limits: try Self.limits(maxWords: item.limit), language: item.language, speaker: nil)
            XCTAssertEqual(captions.map(\.text), item.expected, item.text)
        }
    }

    func testAHandTimedCueIsShownAFewWordsAtATimeInsideItsTime() throws {
        let cue = Segment(text: "The kids across the street have been building a huge snow fort", start: 1, end: 5.5, language: "en")
        var limits = try Self.limits(maxWords: 3)
        limits.minGap = 0.08
        let captions = CaptionChunker.captions(TimedToken.tokens(of: cue), limits: limits, language: "en", speaker: nil)
        XCTAssertEqual(captions.map(\.text), ["The kids", "across the street", "have been building", "a huge snow", "fort"])
        XCTAssertEqual(captions.first?.start, 1)
        XCTAssertEqual(captions.last?.end, 5.5)
        for caption in captions { XCTAssertEqual(caption.cueTime, 1...5.5) }
        // One word at a time, a piece under a frame (`a`) joins its neighbour with fewer words.
        limits.maxWords = 1
        let single = CaptionChunker.captions(TimedToken.tokens(of: cue), limits: limits, language: "en", speaker: nil)
        XCTAssertTrue(single.contains { $0.text == "a huge" } || single.contains { $0.text == "building a" }, "\(single.map(\.text))")
        let shortest = zip(single, single.dropFirst()).map { $1.start - $0.start - limits.minGap }.min() ?? 0
        XCTAssertGreaterThanOrEqual(shortest, limits.minGap / 2 - 1e-9)
        XCTAssertEqual(single.count, 11, "\(single.map(\.text))")
    }
}
