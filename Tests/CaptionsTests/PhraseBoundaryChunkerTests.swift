import TestSupport
import XCTest

@testable import Captions

/// The chunker on the phrase-boundary cases (`Tests/Cases/boundaries.json`): with a caption
/// limit of the rejected first caption's length, a split by length alone ends there; with the
/// language's closed-class table the first caption ends where a subtitler ends it.
final class PhraseBoundaryChunkerTests: XCTestCase {
    /// The first caption of `item`'s text, with word times (0.3 s a token) or without
    /// (a hand-timed cue long enough for every piece), in captions no longer than its rejected part.
    private func firstCaption(_ item: BoundaryCase, phrases: PhraseTables, recognized: Bool) -> String {
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
        let captions = CaptionChunker.captions(TimedToken.tokens(of: segment), limits: limits, language: item.language, speaker: nil)
        return captions.first?.text ?? ""
    }

    func testTheFirstCaptionEndsWhereASubtitlerEndsIt() throws {
        let phrases = try Repository.phrases()
        let cases = try BoundaryCase.all()
        var failures: [String] = []
        for item in cases {
            for recognized in [false, true] {
                let first = firstCaption(item, phrases: phrases, recognized: recognized)
                if first != item.expected {
                    failures.append("\(item.label) (\(recognized ? "word times" : "hand-timed")): \"\(first)\", expected \"\(item.expected)\"")
                }
            }
        }
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
