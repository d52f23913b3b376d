import Foundation
import Speech
import TestSupport
import XCTest

/// Sound tags and laughter alone taken out of recognized speech, words kept
/// (Tests/Cases/sound-words.json).
final class SoundWordsTests: XCTestCase {
    private struct Cases: Decodable {
        struct Case: Decodable {
            var words: [String]
            var text: String?
            var kept: String?
            var dropped: String?
            var tags: Bool?
        }
        var cases: [Case]
    }

    func testSoundsAreTakenOutAndWordsKept() throws {
        for item in try Repository.cases(Cases.self, "sound-words.json").cases {
            let words = item.words.enumerated().map { index, word in
                RecognizedWord(word: " " + word, start: Double(index) * 0.3, end: Double(index) * 0.3 + 0.25, probability: 0.9)
            }
            let segment = RecognizedSegment(
                start: 0, end: max(0.25, Double(words.count) * 0.3), text: item.text ?? words.map(\.word).joined(), words: words)
            let (kept, dropped) = SoundWords(tags: item.tags ?? false).filtered([segment])
            if let expected = item.kept {
                XCTAssertEqual(dropped.map(\.reason), [], "\(item.words)")
                let text = kept.first.map { $0.words.map(\.word).joined().trimmingCharacters(in: .whitespaces) }
                XCTAssertEqual(text, expected, "\(item.words)")
            } else {
                XCTAssertEqual(kept.count, 0, "\(item.words)")
                XCTAssertTrue(dropped.first?.reason.hasPrefix(item.dropped ?? "?") ?? false, "\(item.words): \(dropped)")
            }
        }
    }
}
