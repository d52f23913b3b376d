import Foundation
import TestSupport
import XCTest

@testable import Speech

/// The recognizer as a child process, with the stand-in engine of Tests/Cases/engines: what
/// it writes is read as it says, each way it can fail is one clear error, and a cancelled
/// or failed run leaves no process behind.
final class EngineTests: XCTestCase {
    static let fake = StandInEngine.path

    private var folder: URL?

    /// A model folder the finder accepts (no sums name it), one for the test.
    private func model() throws -> URL {
        if let folder { return folder }
        let folder = try temporaryFolder().appendingPathComponent("fake-model")
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in SpeechModel.requiredFiles { try Data("x".utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    /// Runs the stand-in in `mode` on `seconds` of audio.
    private func recognize(
        _ mode: String, seconds: Double = 1, cache: URL? = nil, cancelled: @escaping @Sendable () -> Bool = { false }
    ) throws -> RecognizedSpeech {
        setenv("FAKE_RECOGNIZER", mode, 1)
        let engine = RecognizerEngine(command: [Self.fake], modelFolders: [], sums: nil)
        let audio = SpeechAudio(samples: [Float](repeating: 0.1, count: Int(seconds * 16000)), start: 0)
        return try Recognition.recognize(
            audio, file: "talk.mp4", settings: RecognitionSettings(model: try model().path, languageThreshold: 0.5),
            engine: engine, cache: cache, cancelled: cancelled)
    }

    /// Every sample sent arrives: the stand-in says how many it read.
    func testSamplesArriveWhole() throws {
        let speech = try recognize("echo", seconds: 3.5)
        XCTAssertEqual(speech.transcript.segments.map(\.text), ["56000 samples"])
        XCTAssertEqual(speech.language, "en")
        XCTAssertEqual(speech.engine?.engine, "fake")
        XCTAssertFalse(speech.cached)
    }

    /// A second run of the same audio and settings comes from the cache, with the same words.
    func testCacheServesTheSecondRun() throws {
        let cache = try temporaryFolder()
        let first = try recognize("echo", seconds: 2, cache: cache)
        let second = try recognize("crash", seconds: 2, cache: cache)  // never started: the cache has it
        XCTAssertTrue(second.cached)
        XCTAssertEqual(first.transcript, second.transcript)
        let other = try recognize("echo", seconds: 2.5, cache: cache)
        XCTAssertFalse(other.cached, "other audio is another transcript")
    }

    func testFailuresAreClearErrors() throws {
        let cases: [(mode: String, message: String)] = [
            ("crash", "crashed (signal 11)"),
            ("garbage", "broke its protocol: output line 1: not a message"),
            ("no-done", "ended without finishing"),
            ("error-model", "cannot load its model: model.bin: not a CTranslate2 model"),
            ("exit-3", "failed (exit status 3): fake recognizer: something went wrong"),
        ]
        for (mode, message) in cases {
            XCTAssertThrowsError(try recognize(mode), mode) { error in
                XCTAssertTrue("\(error)".contains(message), "\(mode): \(error)")
            }
        }
    }

    /// Cancelling ends the engine: the run throws `cancelled` and the process is gone.
    func testCancellingEndsTheEngine() throws {
        let pidfile = try temporaryFolder().appendingPathComponent("pid")
        setenv("FAKE_RECOGNIZER_PIDFILE", pidfile.path, 1)
        defer { unsetenv("FAKE_RECOGNIZER_PIDFILE") }
        let started = ContinuousClock.now
        let cancelled: @Sendable () -> Bool = { ContinuousClock.now - started > .milliseconds(700) }
        XCTAssertThrowsError(try recognize("hang", cancelled: cancelled)) { error in
            XCTAssertEqual(error as? RecognitionError, .cancelled)
        }
        let pid = try XCTUnwrap(Int32(String(contentsOf: pidfile, encoding: .utf8)))
        XCTAssertEqual(kill(pid, 0), -1, "the engine \(pid) still runs")
        XCTAssertEqual(errno, ESRCH)
    }

    func testMissingEngineNamesWhereItLooked() throws {
        let root = try temporaryFolder()
        XCTAssertThrowsError(try RecognizerEngine.find(roots: [root], environment: [:])) { error in
            XCTAssertTrue("\(error)".contains(root.appendingPathComponent(".recognizer/venv/bin/python3").path), "\(error)")
            XCTAssertTrue("\(error)".contains("scripts/setup.sh"), "\(error)")
        }
        XCTAssertThrowsError(
            try RecognizerEngine.find(roots: [root], environment: [RecognizerEngine.variable: root.appendingPathComponent("nope").path])
        ) { error in
            XCTAssertTrue("\(error)".contains("not an executable file"), "\(error)")
        }
    }
}
