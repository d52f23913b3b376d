import Captions
import Foundation
import TestSupport
import XCTest

@testable import Live

/// `DelayedCaptions` playing the recognizer updates of Tests/Cases/live-delayed.jsonl with
/// `--delay 3`, frame by frame at 30 fps: each word shows at the first frame at or after its
/// start, or after its update came when that was later; committed words never change; a
/// tentative word a final drops before its time never shows.
final class DelayedCaptionsTests: XCTestCase {
    private static let delay = 3.0
    private static let frameSeconds = 1.0 / 30

    private struct Case {
        var edge: Double
        var update: LiveUpdate
        var late: Set<String>
        var erased: Set<String>
    }

    private func cases() throws -> [Case] {
        let url = Repository.root.appendingPathComponent("Tests/Cases/live-delayed.jsonl")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line in
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard let edge = object["edge"] as? Double, let words = object["words"] as? [[Any]] else { return nil }
            let timed = words.map { Word(text: $0[0] as! String, start: $0[1] as! Double, end: $0[2] as! Double) }
            let committed = object["committed"] as? Int
            let update = LiveUpdate(
                speaker: nil, text: timed.map(\.text).joined(separator: " "), isFinal: committed == nil, committedCount: committed,
                wordTimes: timed)
            return Case(
                edge: edge, update: update, late: Set(object["late"] as? [String] ?? []), erased: Set(object["erased"] as? [String] ?? []))
        }
    }

    /// How words compare: a final may add punctuation to a word shown before.
    private static func key(_ text: String) -> String { String(text.lowercased().filter { $0.isLetter || $0.isNumber }) }

    /// Plays the case: when each word (by key) was first shown, and the display's transcript.
    private func play(_ cases: [Case], frames: Int) -> (firstShown: [String: Double], shown: LiveTranscript) {
        let delayed = DelayedCaptions()
        var shown = LiveTranscript()
        var firstShown: [String: Double] = [:]
        var next = 0
        for frame in 0..<frames {
            let time = Double(frame) * Self.frameSeconds
            while next < cases.count, cases[next].edge <= time + Self.delay {
                delayed.take(cases[next].update, edge: cases[next].edge)
                next += 1
            }
            for update in delayed.due(by: time) {
                let change = shown.apply(update)
                for word in change.committed + change.tentative where firstShown[Self.key(word.text)] == nil {
                    firstShown[Self.key(word.text)] = time
                }
            }
        }
        return (firstShown, shown)
    }

    func testWordsShowAtTheirStartsOrWhenTheyCome() throws {
        let cases = try cases()
        XCTAssertEqual(cases.count, 8)
        let (firstShown, shown) = play(cases, frames: 14 * 30)
        var checked = 0
        for (index, item) in cases.enumerated() {
            for word in item.update.wordTimes ?? [] where !cases[..<index].contains(where: { $0.update.words.map(Self.key).contains(Self.key(word.text)) }) {
                if cases.contains(where: { $0.erased.contains(word.text) }) {
                    XCTAssertNil(firstShown[Self.key(word.text)], "\(word.text) was dropped by a final before it was spoken")
                    continue
                }
                let came = item.edge - Self.delay
                XCTAssertEqual(item.late.contains(word.text), came > word.start, "\(word.text): the case's late mark")
                let due = max(word.start, came)
                let shownAt = try XCTUnwrap(firstShown[Self.key(word.text)], "\(word.text) never shown")
                XCTAssertGreaterThanOrEqual(shownAt, due - 1e-9, "\(word.text) shown before it was spoken or came")
                XCTAssertLessThan(shownAt, due + Self.frameSeconds + 1e-9, "\(word.text) shown \(shownAt) s, due \(due) s")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 12)
        XCTAssertEqual(shown.contradictions, 0)
        XCTAssertEqual(
            shown.utterances.map { $0.committed.map(\.text).joined(separator: " ") }, ["Welcome to our short test.", "The train leaves at ten.", "A"])
        XCTAssertEqual(shown.utterances.map(\.isFinal), [true, true, false])
    }

    func testNothingShowsBeforeItsTime() throws {
        let (firstShown, _) = play(try cases(), frames: 30)
        XCTAssertEqual(Set(firstShown.keys), ["welcome", "to"])
    }

    func testAFailedSourceEndsTheUtteranceWhereItsCommittedWordsEnd() throws {
        let delayed = DelayedCaptions()
        let words = [Word(text: "hello", start: 0.2, end: 0.5), Word(text: "there", start: 0.6, end: 0.9)]
        delayed.take(LiveUpdate(speaker: nil, text: "hello there", isFinal: false, committedCount: 1, wordTimes: words), edge: 1.5)
        delayed.close(speaker: nil)
        var shown = LiveTranscript()
        for update in delayed.due(by: 2) { _ = shown.apply(update) }
        XCTAssertEqual(shown.utterances.map { $0.committed.map(\.text) }, [["hello"]])
        XCTAssertEqual(shown.utterances.first?.isFinal, true)
        XCTAssertEqual(shown.utterances.first?.tentative, [])
    }
}
