import Captions
import XCTest

@testable import Live

/// `SpeechCaptions.sure`: a recognizer's tentative words are cut at the first one the engine
/// gives less than `leastTentativeProbability`; committed words, finals and updates without
/// probabilities pass as they are.
final class SureWordsTests: XCTestCase {
    private func update(_ words: [(String, Double?)], committed: Int?, final: Bool = false) -> LiveUpdate {
        let times = words.enumerated().map { index, word in
            Word(text: word.0, start: Double(index), end: Double(index) + 0.5, confidence: word.1)
        }
        return LiveUpdate(
            speaker: nil, text: words.map(\.0).joined(separator: " "), isFinal: final, committedCount: committed, wordTimes: times)
    }

    func testTheTentativeTailIsCutAtTheFirstUnsureWord() {
        let least = SpeechCaptions.leastTentativeProbability
        let cut = SpeechCaptions.sure(
            update([("see", 0.2), ("you", 0.9), ("at", 0.8), ("ten", least - 0.01), ("thank", 0.9), ("you.", 0.9)], committed: 2))
        XCTAssertEqual(cut.text, "see you at", "a committed word is kept whatever its probability")
        XCTAssertEqual(cut.wordTimes?.map(\.text), ["see", "you", "at"])
        XCTAssertEqual(cut.committedCount, 2)
        let sure = update([("see", 0.9), ("you", least)], committed: 0)
        XCTAssertEqual(SpeechCaptions.sure(sure), sure, "a word at the bound is shown")
    }

    func testFinalsAndUpdatesWithoutProbabilitiesPass() {
        let final = update([("see", 0.9), ("you", 0.1)], committed: nil, final: true)
        XCTAssertEqual(SpeechCaptions.sure(final), final)
        let unknown = update([("see", nil), ("you", nil)], committed: 0)
        XCTAssertEqual(SpeechCaptions.sure(unknown), unknown)
    }
}
