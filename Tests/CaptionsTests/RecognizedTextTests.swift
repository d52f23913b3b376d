import TestSupport
import XCTest

@testable import Captions

/// Numbers a recognizer split, joined as the language writes them, one rule a case: the cases
/// are data (`Cases/recognized-text.json`): the recognized words (and a segment's text) and
/// what they become.
final class RecognizedTextTests: XCTestCase {
    struct Case: Decodable {
        /// `[text, start, end]` or `[text, start, end, probability]`.
        struct Timed: Decodable, Equatable, CustomStringConvertible {
            var text: String
            var start: Double
            var end: Double
            var probability: Double?

            init(from decoder: Decoder) throws {
                var fields = try decoder.unkeyedContainer()
                text = try fields.decode(String.self)
                start = try fields.decode(Double.self)
                end = try fields.decode(Double.self)
                probability = fields.isAtEnd ? nil : try fields.decode(Double.self)
            }

            init(_ word: Word) {
                (text, start, end, probability) = (word.text, word.start, word.end, word.confidence)
            }

            var word: Word { Word(text: text, start: start, end: end, confidence: probability) }
            var description: String { "[\(text.debugDescription), \(start), \(end), \(probability.map { "\($0)" } ?? "nil")]" }
        }
        var name: String
        var language: String?
        var text: String?
        var words: [Timed]
        var expected: [Timed]
        var expectedText: String?
    }

    struct CaseFile: Decodable {
        var cases: [Case]
    }

    static let cases: [Case] = {
        try! Repository.cases(CaseFile.self, "recognized-text.json").cases
    }()

    func testEveryCase() {
        XCTAssertGreaterThanOrEqual(Self.cases.count, 20)
        for item in Self.cases {
            let language = item.language ?? "en"
            let repaired = RecognizedText.repaired(item.words.map(\.word), language: language)
            XCTAssertEqual(repaired.map(Case.Timed.init), item.expected, item.name)
            guard let text = item.text else { continue }
            let segment = Segment(text: text, start: 0, end: 10, words: item.words.map(\.word))
            let result = RecognizedText.repaired(segment, language: language)
            XCTAssertEqual(result.words.map(Case.Timed.init), item.expected, "\(item.name): the segment's words")
            XCTAssertEqual(result.text, item.expectedText, "\(item.name): the segment's text")
            XCTAssertEqual([result.start, result.end], [segment.start, segment.end], item.name)
        }
    }

    /// A joined number is one token, as captions split text: the no-break space holds it together.
    func testJoinedNumbersAreOneTokenEach() {
        let words = ["5", "%", "und", "20", "€", "um", "10", ":30"].enumerated().map {
            Word(text: $0.element, start: Double($0.offset), end: Double($0.offset) + 1)
        }
        let repaired = RecognizedText.repaired(words, language: "de")
        XCTAssertEqual(repaired.count, 5)
        for word in repaired {
            XCTAssertEqual(Tokenizer.tokens(word.text).map(\.text), [word.text], word.text)
        }
    }
}
