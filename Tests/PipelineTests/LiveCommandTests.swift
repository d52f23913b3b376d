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
        var track: Int?
        var rows: [Row]?
        var tentative: [Row.Word]?
        var frames: Int?
        var erasureRate: Double?
        var committedWords: Int?
    }

    /// `live` on a clip of `seconds` (its INPUT arguments made from its path by `input`: read at
    /// its own pace) with the call of Tests/Cases/live-call.jsonl as its feed, into `output`
    /// (a URL, or a file of `folder`), with `--live-stats` and `more`: the run and its stats.
    private func liveRun(
        in folder: URL, _ more: [String], seconds: Double = 4, output: String = "live.mp4",
        input: (String) -> [String] = { [$0, "--realtime"] }
    ) throws -> (result: ProcessRunner.Result, output: String, stats: [StatsLine]) {
        let clip = try CLI.smallSample(in: folder, seconds: seconds)
        let output = output.contains("://") ? output : folder.appendingPathComponent(output).path
        let stats = folder.appendingPathComponent("stats.jsonl").path
        let feed = Repository.root.appendingPathComponent("Tests/Cases/live-call.jsonl").path
        let result = try CLI.burn(
            ["live"] + input(clip) + ["-o", output, "--captions-feed", feed, "--live-stats", stats, "--fonts-conf", Repository.fontsConf.path]
                + more)
        let lines = try String(contentsOfFile: stats, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(StatsLine.self, from: Data($0.utf8))
        }
        return (result, output, lines)
    }

    func testAFileAtItsOwnPaceWithAFeed() throws {
        let folder = try temporaryFolder()
        let started = Date()
        let (result, output, lines) = try liveRun(in: folder, ["--preset", "tiktok", "--cea608"])
        let wall = Date().timeIntervalSince(started)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("live-call.jsonl:5: not valid JSON"), "the bad line is reported: \(result.stderr)")
        XCTAssertTrue(result.stderr.contains("; skipped"), result.stderr)
        // At its own pace: about the clip's 4 s, not the fraction of it a render takes.
        XCTAssertGreaterThan(wall, 3.5, "a file read at its own pace")
        XCTAssertEqual(try CLI.probe(output, stream: "v", "nb_read_packets", countFrames: true), "120")
        XCTAssertEqual(try CLI.probe(output, stream: "a", "codec_name"), "aac")
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

    /// `--second-captions`: the call's Spanish finals (Tests/Cases/live-call-es.jsonl) as a
    /// second track from its own feed, below the first track's rows (the preset's secondTrack),
    /// never overlapping them; each track logged with its number.
    func testASecondTrackFromItsOwnFeed() throws {
        let spanish = Repository.root.appendingPathComponent("Tests/Cases/live-call-es.jsonl").path
        let (result, _, lines) = try liveRun(in: try temporaryFolder(), ["--second-captions", spanish, "--second-language", "es"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let displays = lines.filter { $0.event == "display" }
        let first = displays.filter { $0.track == nil }.flatMap { $0.rows ?? [] }
        let second = displays.filter { $0.track == 2 }.flatMap { $0.rows ?? [] }
        XCTAssertTrue(second.flatMap(\.words).map(\.text).contains("¿cómo"), "the second feed's final shows: \(second)")
        XCTAssertTrue(first.flatMap(\.words).map(\.text).contains("you?"))
        let firstRows = Set(first.map(\.y)).sorted()
        let secondRows = Set(second.map(\.y)).sorted()
        XCTAssertGreaterThan(try XCTUnwrap(secondRows.first), try XCTUnwrap(firstRows.last), "the second track is below the first")
        // The first track's bottom row, then a gap: the second's top row starts more than a row
        // below the first's bottom row.
        XCTAssertEqual(firstRows.count, 2, "Ana's row rolled up for Ben's")
        if firstRows.count == 2 { XCTAssertGreaterThan(secondRows[0] - firstRows[1], firstRows[1] - firstRows[0]) }
    }

    /// A capture input: a lavfi graph that gives pictures and sound at their own pace, as a
    /// camera and a microphone do (`v4l2:` with `--audio-input` becomes such a graph). Every
    /// picture goes out with the feed's captions, the sound as AAC beside it.
    func testAGraphOfPicturesAndSoundAsACameraAndMicrophone() throws {
        let started = Date()
        var graph = ""
        let (result, output, lines) = try liveRun(in: try temporaryFolder(), [], seconds: 3) { clip in
            graph = "lavfi:movie=\(clip),realtime[out0];amovie=\(clip),arealtime[out1]"
            return [graph]
        }
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertGreaterThan(Date().timeIntervalSince(started), 2.5, "the graph's own pace")
        XCTAssertTrue(result.stderr.hasPrefix("burn-captions: opening \(graph)\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("streaming 540x960 at 30 fps"), result.stderr)
        // A graph that ends has ended: it is not waited for as a camera unplugged would be.
        XCTAssertFalse(result.stderr.contains("waited for"), result.stderr)
        XCTAssertEqual(try CLI.probe(output, stream: "v", "nb_read_packets", countFrames: true), "90")
        XCTAssertEqual(try CLI.probe(output, stream: "a", "codec_name"), "aac")
        let duration = try XCTUnwrap(Double(try CLI.probe(output, stream: "a", "duration")))
        XCTAssertEqual(duration, 3, accuracy: 0.1, "the sound, whole")
        let shown = lines.filter { $0.event == "display" }.flatMap { ($0.rows ?? []).flatMap(\.words) }.map(\.text)
        XCTAssertTrue(shown.contains("developer"), "the feed's captions are drawn: \(Set(shown))")
    }

    /// `--record`: the stream's frames, captions and closed captions also written to a file, by
    /// an encode of its own. Both outputs take every frame (UDP needs nobody to listen), and
    /// the 608 schedule moves one frame per frame though both ask for each frame's data.
    func testARecordingBesideAStreamHasItsFramesAndClosedCaptions() throws {
        let folder = try temporaryFolder()
        let recording = folder.appendingPathComponent("recording.mkv").path
        let port = 20000 + Int((getpid() + 11) % 20000)
        let (result, _, lines) = try liveRun(
            in: folder, ["--record", recording, "--cea608"], output: "udp://127.0.0.1:\(port)?pkt_size=1316")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("recording to \(recording)"), result.stderr)
        XCTAssertEqual(try CLI.probe(recording, stream: "v", "nb_read_packets", countFrames: true), "120")
        XCTAssertEqual(try CLI.probe(recording, stream: "a", "codec_name"), "aac")
        XCTAssertEqual(lines.filter { $0.event == "frame" }.count, 120, "each frame is counted once, not once per output")
        let srt = folder.appendingPathComponent("cc.srt").path
        try ProcessRunner.ffmpeg(["-f", "lavfi", "-i", "movie=\(recording)[out0+subcc]", "-map", "0:1", srt])
        let closed = try String(contentsOfFile: srt, encoding: .utf8)
        XCTAssertTrue(closed.contains(">> hello developer how are you?"), closed)
    }

    /// A stream output that cannot connect (nobody listens on the RTMP port) leaves the
    /// recording whole; the run then fails, saying why.
    func testARecordingIsWholeWhileTheStreamCannotConnect() throws {
        let folder = try temporaryFolder()
        let recording = folder.appendingPathComponent("recording.mkv").path
        let port = 20000 + Int((getpid() + 13) % 20000)
        let (result, _, _) = try liveRun(in: folder, ["--record", recording], output: "rtmp://127.0.0.1:\(port)/live/key")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("rtmp://127.0.0.1:\(port)/live/…: Connection refused; trying again in 1 s"), result.stderr)
        XCTAssertEqual(try CLI.probe(recording, stream: "v", "nb_read_packets", countFrames: true), "120")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".partial-") }, [])
    }

    /// A recording whose disk fills (a 64 KiB tmpfs in a mount namespace of its own) ends only
    /// itself: the stream gets every frame, the recording leaves nothing behind, and the run
    /// exits 1 naming it.
    func testARecordingOnAFullDiskEndsOnlyItself() throws {
        let probe = try ProcessRunner.tool("unshare", ["-rm", "true"])
        try XCTSkipIf(probe.status != 0, "this machine cannot make a mount namespace: \(probe.stderr)")
        let folder = try temporaryFolder()
        let input = try CLI.smallSample(in: folder, seconds: 2)
        let full = folder.appendingPathComponent("full")
        try FileManager.default.createDirectory(at: full, withIntermediateDirectories: false)
        let recording = full.appendingPathComponent("recording.mkv").path
        let stats = folder.appendingPathComponent("stats.jsonl").path
        let port = 20000 + Int((getpid() + 17) % 20000)
        let command = [
            "mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", full.path, "&&", CLI.binary, "live", input, "--realtime",
            "-o", "udp://127.0.0.1:\(port)?pkt_size=1316", "--record", recording, "--live-stats", stats, "--crf", "10",
        ]
        let script = command.map { $0 == "&&" ? $0 : "'\($0)'" }.joined(separator: " ")
        let run = try ProcessRunner.tool("unshare", ["-rm", "sh", "-c", script + "; code=$?; ls -A '\(full.path)'; exit $code"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("burn-captions: \(recording): No space left on device (av_write_trailer)\n"), run.stderr)
        XCTAssertEqual(run.stdout, "", "the full disk holds no file, not even a temporary one")
        let end = try String(contentsOfFile: stats, encoding: .utf8).split(separator: "\n").last { $0.contains("\"event\":\"end\"") }
        XCTAssertTrue(end?.contains("\"frames\":60") == true, "the stream got every frame: \(end ?? "no end line")")
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

    /// An SRT caller with nobody to answer: one line naming the address, exit 1, no file.
    func testAnUnreachableInputIsOneLine() throws {
        let folder = try temporaryFolder()
        let output = folder.appendingPathComponent("never.mkv").path
        let port = 20000 + Int((getpid() + 7) % 20000)
        let address = "srt://127.0.0.1:\(port)?mode=caller"
        let result = try CLI.burn(["live", address, "-o", output])
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, result.stderr)
        XCTAssertEqual(lines.first, "burn-captions: waiting for \(address)")
        XCTAssertTrue(lines.last?.hasPrefix("burn-captions: \(address): ") == true, result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "no file is left")
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
