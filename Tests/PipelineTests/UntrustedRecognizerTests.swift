import Foundation
import TestSupport
import XCTest

/// The recognizer's output and the transcript cache are input: each case of
/// Tests/Cases/untrusted-recognizer.json is refused with its line and field named (or, from
/// the cache, recognized again with a warning), with nothing written at the output path and
/// no lock, temporary file or process left; a signal ends a run while a line is being read.
final class UntrustedRecognizerTests: XCTestCase {
    struct Cases: Decodable {
        struct Engine: Decodable {
            var name: String
            var lines: [String]?
            var replace: Bool?
            var mode: String?
            var error: String
        }
        struct Cache: Decodable {
            var name: String
            var damage: String
            var text: String?
            var warning: String
        }
        var engine: [Engine]
        var cache: [Cache]
    }

    static let fake = StandInEngine.path
    /// What the stand-in writes before and after a case's lines.
    static let opening = [
        #"{"type":"ready","protocol":1,"engine":"fake"}"#, #"{"type":"language","language":"en","probability":1.0,"candidates":[]}"#,
    ]
    static let closing = [#"{"type":"done","audio_seconds":3,"transcribed":true}"#]

    private var folder: URL!
    private var clip: String!
    private var model: String!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        model = try StandInEngine.model(in: folder)
        clip = folder.appendingPathComponent("tone.mp4").path
        try ProcessRunner.ffmpeg([
            "-f", "lavfi", "-i", "sine=f=300:d=3", "-f", "lavfi", "-i", "color=black:s=64x64:d=3:r=10", "-shortest",
            "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", clip,
        ])
    }

    private var cache: URL { folder.appendingPathComponent("cache") }
    private var pidfile: URL { folder.appendingPathComponent("pid") }
    private var output: String { folder.appendingPathComponent("out.mp4").path }

    /// The stand-in engine in `mode`, its process id written to `pidfile`.
    private func engine(_ mode: String) -> [String: String] {
        [
            RecognizerVariable.name: Self.fake, "FAKE_RECOGNIZER": mode, "FAKE_RECOGNIZER_PIDFILE": pidfile.path,
            "BURN_CAPTIONS_CACHE": cache.path,
        ]
    }

    private func render(_ mode: String) throws -> ProcessRunner.Result {
        try? FileManager.default.removeItem(at: pidfile)
        return try ProcessRunner.run(CLI.binary, [clip, "--captions", "auto", "--model", model, "-o", output], environment: engine(mode))
    }

    /// The files in the test's folder besides the clip, the model, the cache and the pid file.
    private func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { !["tone.mp4", "model", "cache", "pid", "lines.jsonl"].contains($0) }
    }

    /// The stand-in that wrote `pidfile` is gone.
    private func assertEngineGone(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let pid = try XCTUnwrap(Int32(String(contentsOf: pidfile, encoding: .utf8)), name, file: file, line: line)
        XCTAssertEqual(kill(pid, 0), -1, "\(name): the engine \(pid) still runs", file: file, line: line)
    }

    /// The message's first line.
    private func firstLine(_ stderr: String) -> String {
        String(stderr.split(separator: "\n").first { $0.hasPrefix("burn-captions: ") } ?? "")
    }

    func testEngineOutputIsRefusedWithItsLineAndField() throws {
        let cases = try Repository.cases(Cases.self, "untrusted-recognizer.json").engine
        XCTAssertFalse(cases.isEmpty)
        let lines = folder.appendingPathComponent("lines.jsonl")
        for item in cases {
            var mode = item.mode ?? "replay:\(lines.path)"
            if let body = item.lines {
                let all = item.replace == true ? body : Self.opening + body + Self.closing
                try (all.joined(separator: "\n") + "\n").write(to: lines, atomically: true, encoding: .utf8)
                mode = "replay:\(lines.path)"
            }
            let result = try render(mode)
            XCTAssertEqual(result.status, 1, "\(item.name): \(result.stderr)")
            XCTAssertTrue(firstLine(result.stderr).contains(item.error), "\(item.name): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("Fatal error"), item.name)
            XCTAssertEqual(try leftovers(), [], item.name)
            try assertEngineGone(item.name)
        }
    }

    func testDamagedCacheEntryIsRecognizedAgainAndReplaced() throws {
        let cases = try Repository.cases(Cases.self, "untrusted-recognizer.json").cache
        XCTAssertFalse(cases.isEmpty)
        let transcripts = cache.appendingPathComponent("transcripts")
        let elsewhere = folder.appendingPathComponent("cache/precious.txt")
        for item in cases {
            try? FileManager.default.removeItem(at: cache)
            let first = try render("echo")
            XCTAssertEqual(first.status, 0, "\(item.name): \(first.stderr)")
            let entries = try FileManager.default.contentsOfDirectory(atPath: transcripts.path)
            XCTAssertEqual(entries.count, 1, "\(item.name): \(entries)")
            let entry = transcripts.appendingPathComponent(entries[0])
            try FileManager.default.removeItem(at: entry)
            switch item.damage {
            case "text": try Data((item.text ?? "").utf8).write(to: entry)
            case "link":
                try Data("not ours to touch".utf8).write(to: elsewhere)
                try FileManager.default.createSymbolicLink(at: entry, withDestinationURL: elsewhere)
            case "folder": try FileManager.default.createDirectory(at: entry, withIntermediateDirectories: false)
            case "fifo": XCTAssertEqual(mkfifo(entry.path, 0o644), 0)
            default: XCTFail("\(item.name): unknown damage \(item.damage)")
            }
            try FileManager.default.removeItem(atPath: output)
            let again = try render("echo")
            XCTAssertEqual(again.status, 0, "\(item.name): \(again.stderr)")
            XCTAssertTrue(again.stderr.contains("transcript cache entry \(entry.path) is damaged"), "\(item.name): \(again.stderr)")
            XCTAssertTrue(again.stderr.contains(item.warning), "\(item.name): \(again.stderr)")
            XCTAssertFalse(again.stderr.contains("from the transcript cache"), item.name)
            let replaced = try FileManager.default.attributesOfItem(atPath: entry.path)
            XCTAssertEqual(replaced[.type] as? FileAttributeType, .typeRegular, item.name)
            if item.damage == "link" { XCTAssertEqual(try String(contentsOf: elsewhere, encoding: .utf8), "not ours to touch") }
            let third = try render("crash")
            XCTAssertEqual(third.status, 0, "\(item.name): the replaced entry serves the next run: \(third.stderr)")
            XCTAssertTrue(third.stderr.contains("from the transcript cache"), "\(item.name): \(third.stderr)")
            try FileManager.default.removeItem(atPath: output)
        }
    }

    /// SIGTERM while the engine writes a line that never ends, and while an engine that
    /// ignores SIGTERM hangs: the run ends with 143 and the engine is gone, nothing left.
    func testSignalEndsTheRunWhateverTheEngineDoes() throws {
        for mode in ["trickle-line", "deaf"] {
            try? FileManager.default.removeItem(at: pidfile)
            let (process, out, err) = try ProcessRunner.start(
                CLI.binary, [clip, "--captions", "auto", "--model", model, "-o", output], environment: engine(mode))
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline, !FileManager.default.fileExists(atPath: pidfile.path) { usleep(20_000) }
            usleep(500_000)
            kill(process.processIdentifier, SIGTERM)
            let result = ProcessRunner.finish(process, out, err)
            XCTAssertEqual(result.status, 128 + SIGTERM, "\(mode): \(result.stderr)")
            try assertEngineGone(mode)
            XCTAssertEqual(try leftovers(), [], mode)
        }
    }
}
