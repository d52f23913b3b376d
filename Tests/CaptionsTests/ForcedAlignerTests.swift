import TestSupport
import XCTest

@testable import Captions

/// Forced alignment of hand-timed cues to recognized words, one rule a case: the cases are data
/// (`Cases/alignment.json`): cues and recognized words, and the words expected for each cue
/// (times, probability or estimated) with the summary. Every case also keeps the cues' own
/// times and text, keeps words inside their cue and in order, and gives captions whose words
/// are the aligned words.
final class ForcedAlignerTests: XCTestCase {
    struct Case: Decodable {
        /// `[text, start, end]` or `[text, start, end, x]`: x a probability, or "estimated".
        struct Timed: Decodable {
            var text: String
            var start: Double
            var end: Double
            var probability: Double?
            var estimated = false

            init(from decoder: Decoder) throws {
                var fields = try decoder.unkeyedContainer()
                text = try fields.decode(String.self)
                start = try fields.decode(Double.self)
                end = try fields.decode(Double.self)
                if !fields.isAtEnd {
                    if let flag = try? fields.decode(String.self) {
                        guard flag == "estimated" else {
                            throw DecodingError.dataCorruptedError(in: fields, debugDescription: "\"\(flag)\" is not \"estimated\"")
                        }
                        estimated = true
                    } else {
                        probability = try fields.decode(Double.self)
                    }
                }
            }
        }
        /// `[start, end, text]`, or with its own words `[start, end, text, [[text, start, end], ...]]`.
        struct Cue: Decodable {
            var segment: Segment

            init(from decoder: Decoder) throws {
                var fields = try decoder.unkeyedContainer()
                let start = try fields.decode(Double.self)
                let end = try fields.decode(Double.self)
                let text = try fields.decode(String.self)
                let words = fields.isAtEnd ? [] : try fields.decode([Timed].self)
                segment = Segment(
                    text: text, start: start, end: end,
                    words: words.map { Word(text: $0.text, start: $0.start, end: $0.end) })
            }
        }
        var name: String
        var language: String?
        var cues: [Cue]
        var recognized: [Timed]
        var expected: [[Timed]?]
        var summary: [Int]
    }

    struct CaseFile: Decodable {
        var cases: [Case]
    }

    static let cases: [Case] = {
        try! Repository.cases(CaseFile.self, "alignment.json").cases
    }()

    private func align(_ item: Case) -> ForcedAlignment {
        let words = item.recognized.map { Word(text: $0.text, start: $0.start, end: $0.end, confidence: $0.probability) }
        return ForcedAligner.align(item.cues.map(\.segment), to: words, language: item.language ?? "en")
    }

    func testEveryCase() {
        XCTAssertGreaterThanOrEqual(Self.cases.count, 20)
        for item in Self.cases {
            let result = align(item)
            let cues = item.cues.map(\.segment)
            XCTAssertEqual(result.segments.count, cues.count, item.name)
            XCTAssertEqual(item.expected.count, cues.count, "\(item.name): one expectation a cue")
            for (k, (cue, aligned)) in zip(cues, result.segments).enumerated() {
                let place = "\(item.name), cue \(k + 1)"
                XCTAssertEqual([aligned.text, "\(aligned.start)", "\(aligned.end)"], [cue.text, "\(cue.start)", "\(cue.end)"], place)
                guard k < item.expected.count, let expected = item.expected[k] else {
                    XCTAssertEqual(aligned, cue, "\(place): left as it was")
                    continue
                }
                XCTAssertEqual(aligned.words.map(\.text), expected.map(\.text), place)
                for (word, want) in zip(aligned.words, expected) {
                    XCTAssertEqual(word.start, want.start, accuracy: 1e-9, "\(place): \(word.text) start")
                    XCTAssertEqual(word.end, want.end, accuracy: 1e-9, "\(place): \(word.text) end")
                    XCTAssertEqual(word.estimated, want.estimated, "\(place): \(word.text) estimated")
                    XCTAssertEqual(word.confidence, want.probability, "\(place): \(word.text) confidence")
                }
                assertInsideAndInOrder(aligned, place)
            }
            let summary = result.summary
            XCTAssertEqual(
                [summary.cues, summary.words, summary.matchedWords, summary.estimatedCues], item.summary,
                "\(item.name): summary [cues, words, matched, estimated cues]")
        }
    }

    /// The aligned words are the words captions show: the caption pipeline gives each aligned
    /// cue the same words (texts and times).
    func testAlignedWordsAreTheWordsShown() {
        for item in Self.cases {
            for (k, segment) in align(item).segments.enumerated() where k < item.expected.count && item.expected[k] != nil {
                var warnings: [String] = []
                let captions = CaptionBuilder.captions(
                    from: Transcript(segments: [segment], language: item.language ?? "en"), warnings: &warnings)
                let shown = captions.flatMap(\.words)
                let place = "\(item.name), cue \(k + 1)"
                XCTAssertEqual(shown.map(\.text), segment.words.map(\.text), place)
                XCTAssertEqual(shown.map(\.start), segment.words.map(\.start), place)
                XCTAssertEqual(shown.map(\.estimated), segment.words.map(\.estimated), place)
            }
        }
    }

    /// A long file of cues, its words recognized with a few missed, a few added and the times
    /// shifted: every word heard takes its own times, in every cue.
    func testLongFileAlignsEveryHeardWord() {
        let vocabulary = ["we", "the", "video", "caption", "time", "word", "read", "look", "fast", "slow", "one", "more"]
        var random = SeededGenerator(seed: 34)
        var cues: [Segment] = []
        var recognized: [Word] = []
        var heard: [Set<Int>] = []  // per cue, the indices of its words recognized
        for c in 0..<150 {
            let start = Double(c) * 3.2
            let texts = (0..<8).map { _ in vocabulary.randomElement(using: &random)! }
            cues.append(Segment(text: texts.joined(separator: " "), start: start, end: start + 3))
            var kept: Set<Int> = []
            for (w, text) in texts.enumerated() {
                let wordStart = start + 0.1 + Double(w) * 0.35
                if Int.random(in: 0..<10, using: &random) == 0 { continue }  // missed
                if Int.random(in: 0..<12, using: &random) == 0 {
                    recognized.append(Word(text: "uh", start: wordStart - 0.05, end: wordStart - 0.01, confidence: 0.3))
                }
                recognized.append(Word(text: text, start: wordStart, end: wordStart + 0.3, confidence: 0.9))
                kept.insert(w)
            }
            heard.append(kept)
        }
        let result = ForcedAligner.align(cues, to: recognized, language: "en")
        XCTAssertEqual(result.summary.matchedWords, heard.map(\.count).reduce(0, +))
        for (c, segment) in result.segments.enumerated() {
            XCTAssertEqual(segment.words.count, 8)
            for (w, word) in segment.words.enumerated() where heard[c].contains(w) {
                XCTAssertFalse(word.estimated, "cue \(c + 1) word \(w + 1)")
                XCTAssertEqual(word.start, segment.start + 0.1 + Double(w) * 0.35, accuracy: 1e-9, "cue \(c + 1) word \(w + 1)")
            }
            assertInsideAndInOrder(segment, "cue \(c + 1)")
        }
    }

    func testSummaryNoticeSaysWhatWasAligned() {
        let summary = ForcedAlignment.Summary(cues: 30, words: 120, matchedWords: 118, estimatedCues: 1)
        XCTAssertEqual(summary.notice, "aligned 118 of 120 words to the speech; 1 of 30 cue(s) kept evenly spread word times")
        XCTAssertEqual(
            ForcedAlignment.Summary(cues: 2, words: 5, matchedWords: 5, estimatedCues: 0).notice,
            "aligned 5 of 5 words to the speech")
    }

    private func assertInsideAndInOrder(_ segment: Segment, _ place: String, file: StaticString = #filePath, line: UInt = #line) {
        var previousEnd = segment.start
        for word in segment.words {
            XCTAssertGreaterThanOrEqual(word.start, previousEnd - 1e-9, "\(place): \(word.text) in order", file: file, line: line)
            XCTAssertGreaterThanOrEqual(word.end, word.start, "\(place): \(word.text)", file: file, line: line)
            XCTAssertLessThanOrEqual(word.end, segment.end + 1e-9, "\(place): \(word.text) inside", file: file, line: line)
            previousEnd = word.end
        }
    }
}
