import TestSupport
import XCTest

@testable import Captions

/// The chunker on the phrase-boundary cases (`Tests/Cases/boundaries.json`): with a caption
/// limit of the rejected first caption's length, a split by length alone ends there; with the
/// language's closed-class table the first caption ends where a subtitler ends it, or, where
/// the cuts chosen over the whole text do better for the captions after it, at another place
/// that parts no phrase (never the rejected one).
final class PhraseBoundaryChunkerTests: XCTestCase {
    /// The first caption of `item`'s text, with word times (0.3 s a token) or without
    /// (a hand-timed cue long enough for every piece), in captions no longer than its rejected part.
    private func firstCaption(_ item: BoundaryCase, phrases: PhraseTables, recognized: Bool) -> String {
        allCaptions(item, phrases: phrases, recognized: recognized).first?.text ?? ""
    }

    /// Every caption of `item`'s text, made as `firstCaption` says.
    private func allCaptions(_ item: BoundaryCase, phrases: PhraseTables, recognized: Bool) -> [Caption] {
        let pieces = Tokenizer.tokens(item.text)
        let words = pieces.enumerated().map { i, token in
            Word(text: token.display, start: Double(i) * 0.3, end: Double(i + 1) * 0.3)
        }
        let segment = Segment(
            text: item.text, start: 0, end: recognized ? Double(words.count) * 0.3 : 30, language: item.language,
            words: recognized ? words : [])
        var limits = ChunkingLimits(
            maxCharacters: CaptionChunker.width(TimedToken.tokens(of: Segment(text: item.rejected, start: 0, end: 1))),
            maxDuration: 100, minDuration: 0.1)
        limits.phrases = phrases
        return CaptionChunker.captions(TimedToken.tokens(of: segment), limits: limits, language: item.language, speaker: nil)
    }

    func testTheFirstCaptionEndsWhereASubtitlerEndsIt() throws {
        let phrases = try Repository.phrases()
        let cases = try BoundaryCase.all()
        var failures: [String] = []
        var other = 0
        for item in cases {
            for recognized in [false, true] {
                let captions = allCaptions(item, phrases: phrases, recognized: recognized)
                let first = captions.first?.text ?? ""
                let kind = recognized ? "word times" : "hand-timed"
                if first == item.rejected {
                    failures.append("\(item.label) (\(kind)): \"\(first)\" is the rejected end")
                } else if first != item.expected {
                    other += 1
                }
                // Where the captions part: at a place inside a phrase only when the tables see no other.
                let tokens = TimedToken.tokens(of: Segment(text: item.text, start: 0, end: 30, language: item.language))
                let ranks = CaptionSegmenter.ranks(
                    tokens, limits: ChunkingLimits(), keepsOneLetterWords: OneLetterWords.keptWithNext(in: item.language),
                    words: { SplitWords(tokens, language: item.language, table: phrases.table(for: item.language)) })
                var end = 0
                for caption in captions.dropLast() {
                    end += TimedToken.tokens(of: Segment(text: caption.text, start: 0, end: 1)).count
                    if end < ranks.count, case .insidePhrase(let boundary) = ranks[end], boundary.isBound {
                        failures.append("\(item.label) (\(kind)): \"\(caption.text)\" ends inside a phrase (\(boundary.boundWord ?? ""))")
                    }
                }
            }
        }
        print("boundary cases: \(other) of \(2 * cases.count) first captions end at another free place than the expected one")
        XCTAssertEqual(failures, [], "\(failures.count) of \(2 * cases.count)")
    }

    /// The cases are what they say: by length alone, the first caption ends where a subtitler
    /// would not (so the test above fails without the tables) in nearly every case; in the
    /// rest a clause rule or an orphan moved it.
    func testByLengthAloneTheFirstCaptionEndsAtTheRejectedBoundary() throws {
        let cases = try BoundaryCase.all()
        let naive = cases.filter { firstCaption($0, phrases: .none, recognized: true) == $0.rejected }
        print("boundary cases: by length alone \(naive.count) of \(cases.count) first captions end at the rejected boundary")
        XCTAssertGreaterThanOrEqual(Double(naive.count), 0.9 * Double(cases.count))
    }

    func testEveryCoveredLanguageHasFiveCases() throws {
        let phrases = try Repository.phrases()
        let cases = try BoundaryCase.all()
        let counts = Dictionary(grouping: cases) { phrases.table(for: $0.language)?.language ?? "none: \($0.language)" }
            .mapValues(\.count)
        let wanted = ["en", "de", "es", "fr", "hi", "hu", "it", "ja", "ko", "lt", "ms", "nl", "pt", "ru", "sv", "tr", "zh", "vi", "th", "ar"]
        XCTAssertEqual(Set(phrases.tables.keys), Set(wanted))
        for language in wanted { XCTAssertGreaterThanOrEqual(counts[language] ?? 0, 5, language) }
        XCTAssertEqual(counts.keys.filter { $0.hasPrefix("none") }, [])
        // Chinese in each script the call captions come in: Simplified (`zh`) and Traditional (`zh-TW`).
        for code in ["zh", "zh-TW"] { XCTAssertGreaterThanOrEqual(cases.filter { $0.language == code }.count, 5, code) }
    }
}
