import Foundation
import TestSupport
import XCTest

/// `burn-captions live` end to end on files: a clip read at its own pace with the call of
/// Tests/Cases/live-call.jsonl as its feed, written to a file; a stop while waiting for a
/// sender; a feed that is missing. (Network inputs and outputs, latency and faults:
/// scripts/test-live.py.)
final class LiveCommandTests: XCTestCase {
    private struct StatsLine: Decodable {
        struct Row: Decodable {
            struct Word: Decodable {
                var id: Int
                var text: String
                var x: Int
            }
            var id: Int
            var y: Int
            var words: [Word]
        }
        var event: String
        var t: Double?
        var wall: Double
        var rows: [Row]?
        var tentative: [Row.Word]?
        var frames: Int?
        var erasureRate: Double?
        var committedWords: Int?
    }

    func testAFileAtItsOwnPaceWithAFeed() throws {
        let folder = try temporaryFolder()
        let input = try CLI.smallSample(in: folder, seconds: 4)
        let output = folder.appendingPathComponent("live.mp4").path
        let stats = folder.appendingPathComponent("stats.jsonl").path
        let feed = Repository.root.appendingPathComponent("Tests/Cases/live-call.jsonl").path
        let started = Date()
        let result = try CLI.burn([
            "live", input, "--realtime", "-o", output, "--captions-feed", feed, "--live-stats", stats, "--preset", "tiktok",
            "--fonts-conf", Repository.fontsConf.path, "--cea608",
        ])
        let wall = Date().timeIntervalSince(started)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("live-call.jsonl:5: not valid JSON"), "the bad line is reported: \(result.stderr)")
        XCTAssertTrue(result.stderr.contains("; skipped"), result.stderr)
        // At its own pace: about the clip's 4 s, not the fraction of it a render takes.
        XCTAssertGreaterThan(wall, 3.5, "a file read at its own pace")
        XCTAssertEqual(try CLI.probe(output, stream: "v", "nb_read_packets", countFrames: true), "120")
        XCTAssertEqual(try CLI.probe(output, stream: "a", "codec_name"), "aac")
        let lines = try String(contentsOfFile: stats, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(StatsLine.self, from: Data($0.utf8))
        }
        XCTAssertEqual(lines.filter { $0.event == "frame" }.count, 120)
        let walls = lines.filter { $0.event == "frame" }.map(\.wall)
        XCTAssertEqual(walls, walls.sorted(), "frames leave in order")
        // Frames leave at the clip's pace: the 120th about 4 s after the first.
        XCTAssertEqual(walls.last! - walls.first!, 3.97, accuracy: 0.5)
        let displays = lines.filter { $0.event == "display" }
        let shown = displays.flatMap { ($0.rows ?? []).flatMap(\.words) }.map(\.text)
        XCTAssertTrue(shown.contains("you?"), "the final's words show: \(Set(shown))")
        XCTAssertFalse(shown.contains("and"), "the false-detected word is never committed")
        let end = try XCTUnwrap(lines.last { $0.event == "end" })
        XCTAssertEqual(end.frames, 120)
        // By 4 s: Ana's 5 words and Ben's "fine" (his next two words are still tentative); one
        // erasure ("and").
        XCTAssertEqual(end.committedWords, 6)
        XCTAssertEqual(try XCTUnwrap(end.erasureRate) * 6, 1, accuracy: 1e-9)
        // --cea608: the committed words as CC1 roll-up, read back by FFmpeg's 608 decoder, which
        // gives a row out at the carriage return the next speaker's row starts with.
        let srt = folder.appendingPathComponent("cc.srt").path
        try ProcessRunner.ffmpeg(["-f", "lavfi", "-i", "movie=\(output)[out0+subcc]", "-map", "0:1", srt])
        let closed = try String(contentsOfFile: srt, encoding: .utf8)
        XCTAssertTrue(closed.contains(">> hello developer how are you?"), closed)
        // The first item (line 1, due at 0.8 s) shows on the frame at 0.8 s.
        let first = try XCTUnwrap(displays.first { !($0.tentative ?? []).isEmpty })
        XCTAssertEqual(try XCTUnwrap(first.t), 0.8, accuracy: 1.0 / 30 + 0.001)
    }

    /// SIGINT while waiting for an RTMP sender ends the run at once: exit 0, no output file.
    func testAStopWhileWaitingForTheSender() throws {
        let folder = try temporaryFolder()
        let output = folder.appendingPathComponent("never.mkv").path
        let port = 20000 + Int(getpid() % 20000)
        let (process, out, err) = try ProcessRunner.start(CLI.binary, ["live", "rtmp://127.0.0.1:\(port)/live/in", "-o", output])
        Thread.sleep(forTimeInterval: 1)
        XCTAssertTrue(process.isRunning, "it waits for a sender")
        let stopped = Date()
        kill(process.processIdentifier, SIGINT)
        let result = ProcessRunner.finish(process, out, err)
        XCTAssertLessThan(Date().timeIntervalSince(stopped), 2, "the wait is cut short")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("waiting for rtmp://127.0.0.1:\(port)/live/…"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "no temporary file is left")
    }

    func testAMissingFeedIsOneLine() throws {
        let folder = try temporaryFolder()
        let input = try CLI.smallSample(in: folder, seconds: 1)
        let output = folder.appendingPathComponent("live.mkv").path
        let result = try CLI.burn(["live", input, "--realtime", "-o", output, "--captions-feed", "/nonexistent/feed.jsonl"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "burn-captions: /nonexistent/feed.jsonl: no such file or FIFO\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }
}
