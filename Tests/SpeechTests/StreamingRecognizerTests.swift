import Captions
import Foundation
import TestSupport
import XCTest

@testable import Speech

/// `StreamingRecognizer` against the stand-in engine's stream mode (protocol 2): sound in,
/// updates out with the engine's committed counts, a final at the end; an engine that changes
/// a committed word is stopped with a protocol error.
final class StreamingRecognizerTests: XCTestCase {
    private func recognizer(mode: String) throws -> StreamingRecognizer {
        let folder = try temporaryFolder()
        setenv("FAKE_RECOGNIZER", mode, 1)
        addTeardownBlock { unsetenv("FAKE_RECOGNIZER") }
        let engine = RecognizerEngine(command: [StandInEngine.path], modelFolders: [], sums: nil)
        var settings = RecognitionSettings()
        settings.model = try StandInEngine.model(in: folder)
        return try StreamingRecognizer(settings: settings, engine: engine)
    }

    /// Sends `count` chunks of 0.25 s and collects the updates until `done` holds (5 s at most).
    private func play(_ recognizer: StreamingRecognizer, chunks count: Int, until done: ([LiveUpdate]) -> Bool) -> [LiveUpdate] {
        let silence = [Float](repeating: 0, count: 4000)
        var updates: [LiveUpdate] = []
        for index in 0..<count {
            silence.withUnsafeBufferPointer { recognizer.hear($0, start: Double(index) * 0.25) }
            // One chunk at a time, as a stream sends it.
            let deadline = Date().addingTimeInterval(5)
            while updates.count <= index, Date() < deadline, recognizer.failure == nil {
                updates += recognizer.updates()
                usleep(5000)
            }
        }
        let deadline = Date().addingTimeInterval(5)
        while !done(updates), Date() < deadline, recognizer.failure == nil {
            updates += recognizer.updates()
            usleep(5000)
        }
        return updates
    }

    func testPartialsCommitAsTheEngineSays() throws {
        let recognizer = try recognizer(mode: "stream")
        let updates = play(recognizer, chunks: 4) { $0.count >= 4 }
        XCTAssertNil(recognizer.failure)
        XCTAssertEqual(updates.map(\.text), ["w1", "w1 w2", "w1 w2 w3", "w1 w2 w3 w4"])
        XCTAssertEqual(updates.map(\.committedCount), [0, 1, 2, 3])
        XCTAssertEqual(updates.map(\.isFinal), [false, false, false, false])
        recognizer.stop()
        XCTAssertNil(recognizer.failure, "a stop is not a failure")
    }

    func testAChangedCommittedWordStopsTheEngine() throws {
        let recognizer = try recognizer(mode: "stream-break")
        _ = play(recognizer, chunks: 3) { _ in false }
        let failure = try XCTUnwrap(recognizer.failure)
        XCTAssertTrue(failure.hasPrefix("the speech recognizer broke its protocol: utterance 0: committed words \"w1\""), failure)
    }
}
