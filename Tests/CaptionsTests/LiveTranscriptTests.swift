import Captions
import TestSupport
import XCTest

/// `LiveTranscript` on the items of `Tests/Cases/live-updates.json`: committed words by the
/// source's count or by agreement, finals, erasures and contradictions.
final class LiveTranscriptTests: XCTestCase {
    private struct File: Decodable {
        var about: String
        var cases: [Case]
    }

    private struct Case: Decodable {
        var name: String
        var items: [Item]
        var utterances: [String]
        var erased: Int
        var contradictions: Int
    }

    private struct Item: Decodable {
        var speaker: String?
        var text: String
        var final: Bool
        var committed: Int?
        /// The speaker's source stopped: `LiveTranscript.close` instead of an item (`text` unused).
        var close: Bool?
        var want: Want?
    }

    private struct Want: Decodable {
        var utterance: Int?
        var committed: String
        var tentative: String
    }

    private func text(_ words: [LiveWord]) -> String { words.map(\.text).joined(separator: " ") }

    func testCases() throws {
        let cases = try Repository.cases(File.self, "live-updates.json").cases
        XCTAssertGreaterThanOrEqual(cases.count, 7)
        for testCase in cases {
            var transcript = LiveTranscript()
            for (number, item) in testCase.items.enumerated() {
                let closed = item.close == true ? transcript.close(speaker: item.speaker) : nil
                let change =
                    closed
                    ?? transcript.apply(
                        LiveUpdate(speaker: item.speaker, text: item.text, isFinal: item.final, committedCount: item.committed))
                if item.close == true { XCTAssertNotNil(closed, "\(testCase.name): an open utterance to close") }
                guard let want = item.want else { continue }
                let at = "\(testCase.name), item \(number + 1)"
                XCTAssertEqual(change.utterance, want.utterance ?? change.utterance, at)
                let utterance = transcript.utterances[want.utterance ?? change.utterance]
                XCTAssertEqual(text(utterance.committed), want.committed, at)
                XCTAssertEqual(text(utterance.tentative), want.tentative, at)
                XCTAssertEqual(change.tentative, utterance.tentative, at)
            }
            XCTAssertEqual(transcript.utterances.map { text($0.committed) }, testCase.utterances, testCase.name)
            XCTAssertEqual(transcript.erasedWords, testCase.erased, testCase.name)
            XCTAssertEqual(transcript.contradictions, testCase.contradictions, testCase.name)
        }
    }

    /// A word keeps its id from its first showing as a tentative word to its commitment, and
    /// committed words are only ever appended: the display can keep each word where it is.
    func testWordsKeepTheirIDsAndCommittedWordsOnlyGrow() {
        var transcript = LiveTranscript()
        let items = ["hello", "hello developer", "hello developer how are", "hello developer how are you and"]
        var shown: [String: Int] = [:]  // key -> id, tentative or committed
        var committed: [LiveWord] = []
        for text in items {
            let change = transcript.apply(LiveUpdate(speaker: "u1", text: text, isFinal: false))
            for word in change.committed + change.tentative {
                if let id = shown[word.key] { XCTAssertEqual(word.id, id, word.text) }
                shown[word.key] = word.id
            }
            let now = transcript.utterances[0].committed
            XCTAssertEqual(Array(now.prefix(committed.count)), committed, text)
            committed = now
        }
        let final = transcript.apply(LiveUpdate(speaker: "u1", text: "hello developer, how are you?", isFinal: true))
        XCTAssertEqual(final.erased.map(\.text), ["and"])
        XCTAssertEqual(final.committed.map(\.text), ["you?"])
        XCTAssertEqual(final.committed.first?.id, shown["you"])
        XCTAssertEqual(transcript.erasureRate, 1.0 / 5.0, accuracy: 1e-9)
    }

    /// Agreement across items is what commits a refining source's words: an item that
    /// changes a tentative word commits nothing past it.
    func testDisagreementCommitsNothingPastIt() {
        var transcript = LiveTranscript()
        _ = transcript.apply(LiveUpdate(speaker: nil, text: "we need to buy", isFinal: false))
        let change = transcript.apply(LiveUpdate(speaker: nil, text: "we kneed two buy some bread", isFinal: false))
        XCTAssertEqual(change.committed.map(\.text), ["we"])
        XCTAssertEqual(change.tentative.map(\.text), ["kneed", "two", "buy", "some", "bread"])
        XCTAssertEqual(change.erased.map(\.text), ["need", "to"])
    }
}
