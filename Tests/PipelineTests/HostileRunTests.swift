import Foundation
import Media
import TestSupport
import XCTest

/// The faults of the second hostile test run (robustness issue, second pass), each as the
/// user met it: hand-timed cues, broken pipes, workers on shared storage, killed renders,
/// stills past the end, long contact sheets, output path mistakes and command-line details.
final class HostileRunTests: XCTestCase {
    private let talk = CLI.samples.appendingPathComponent("talk.mp4").path
    private let talkCaptions = CLI.samples.appendingPathComponent("talk.json").path

    /// `ffmpeg -v error -y ARGUMENTS PATH`, which must succeed; returns `PATH`.
    @discardableResult
    private func ffmpeg(_ arguments: [String], _ path: String) throws -> String {
        let result = try ProcessRunner.tool("ffmpeg", ["-v", "error", "-y"] + arguments + [path])
        XCTAssertEqual(result.status, 0, "making \(path): \(result.stderr)")
        return path
    }

    /// A black 320x568 clip at 30 fps of `seconds`, with `audio` (an ffmpeg lavfi source) or none.
    @discardableResult
    private func blackClip(_ folder: URL, _ name: String, seconds: Double = 3, audio: String?) throws -> String {
        var arguments = ["-f", "lavfi", "-i", "color=black:s=320x568:r=30:d=\(seconds)"]
        if let audio { arguments += ["-f", "lavfi", "-i", audio, "-shortest", "-c:a", "aac"] }
        return try ffmpeg(
            arguments + ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
            folder.appendingPathComponent(name).path)
    }

    private func write(_ text: String, _ folder: URL, _ name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// The frame times (seconds) of `video` with white text in them: any luma above 200.
    private func captionedTimes(_ video: String) throws -> [Double] {
        var times: [Double] = []
        try FrameReader(path: video).forEachFrame { time, luma in
            if luma.values.contains(where: { $0 > 200 }) { times.append(time) }
            return true
        }
        return times
    }

    // MARK: 1. Hand-timed cues stay where their author put them

    /// Cues at 0.5-1.5, 2.5-10 and 100-101 s on a 3 s clip: with a tone, silence, a music bed
    /// or no audio, the first two show from their authored start to the frame, the third is
    /// left out after the video's end, and the second is not split for its length.
    func testHandTimedCuesRenderAtTheirAuthoredStart() throws {
        let folder = try temporaryFolder()
        let srt = try write(
            "1\n00:00:00,500 --> 00:00:01,500\nFirst cue\n\n2\n00:00:02,500 --> 00:00:10,000\nSecond cue here\n\n"
                + "3\n00:01:40,000 --> 00:01:41,000\nLate\n", folder, "hand.srt")
        let chords = "aevalsrc='0.1*sin(2*PI*(220+110*lt(mod(t,4),2))*t)+0.1*sin(2*PI*330*t)+0.1*sin(2*PI*(277+50*lt(mod(t,4),2))*t)':s=44100:d=3"
        let audios: [(String, String?)] = [
            ("tone", "sine=f=440:d=3"), ("silence", "anullsrc=r=44100:cl=mono"), ("music", chords), ("none", nil),
        ]
        for (name, audio) in audios {
            let clip = try blackClip(folder, "\(name).mp4", audio: audio)
            let output = folder.appendingPathComponent("\(name)-out.mp4").path
            let result = try CLI.burn([clip, "--captions", srt, "-o", output, "--x264-preset", "ultrafast"])
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("a caption starts at 100.00 s or later"), "\(name): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("2 captions"), "\(name): \(result.stderr)")
            // Frames are 1/30 s: 15...44 (0.5 s up to 1.5 s) and 75...89 (2.5 s to the end).
            let frames = try captionedTimes(output).map { Int(($0 * 30).rounded()) }
            XCTAssertEqual(frames, Array(15...44) + Array(75...89), name)
        }
        // A cue over a tone or silence keeps its time as it does without audio.
        let applause = try write("1\n00:00:00,200 --> 00:00:02,800\n[Applause]\n", folder, "applause.srt")
        for name in ["tone", "silence", "none"] {
            let plan = try CLI.burn(["plan", folder.appendingPathComponent("\(name).mp4").path, "--captions", applause])
            XCTAssertEqual(plan.status, 0, plan.stderr)
            let captions = try Plan.decode(plan.stdout).captions
            XCTAssertEqual(captions.map(\.start), [0.2], name)
            XCTAssertEqual(captions.map(\.end), [2.8], name)
        }
    }

    // MARK: 2. SIGPIPE

    func testAReaderThatGoesAwayDoesNotKillTheRender() throws {
        let folder = try temporaryFolder()
        let clip = try blackClip(folder, "clip.mp4", seconds: 1, audio: nil)
        // A caption after the end: a warning before the render, and the summary line after it.
        let captions = try write("1\n00:00:00,100 --> 00:00:00,900\nHello\n\n2\n00:00:05,000 --> 00:00:06,000\nLate\n", folder, "c.srt")
        let output = folder.appendingPathComponent("out.mp4").path
        let quoted = { (text: String) in "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let render = [CLI.binary, clip, "--captions", captions, "--x264-preset", "ultrafast", "-o", output].map(quoted)
            .joined(separator: " ")
        for pipeline in ["2>&1 >/dev/null | head -1 >/dev/null", "2>&1 | true"] {
            try? FileManager.default.removeItem(atPath: output)
            // The reader is gone after the first line, or before it: a later line meets a closed pipe.
            let script = "\(render) \(pipeline); echo \"status=${PIPESTATUS[0]}\""
            let result = try ProcessRunner.run("/bin/bash", ["-c", script])
            XCTAssertTrue(result.stdout.contains("status=0"), "\(pipeline): \(result.stdout) \(result.stderr)")
            XCTAssertEqual(try CLI.probe(output, stream: "v", "nb_read_packets", countFrames: true), "30", pipeline)
        }
        // A batch run whose log reader stops after one line still runs every job.
        let lines = (1...4).map { #"{"input": "\#(clip)", "captions": "\#(captions)", "output": "b\#($0).mp4", "x264Preset": "ultrafast"}"# }
        let manifest = try write(lines.joined(separator: "\n"), folder, "jobs.jsonl")
        let batch = try ProcessRunner.run(
            "/bin/bash", ["-c", "\(quoted(CLI.binary)) batch \(quoted(manifest)) 2>&1 | head -1 >/dev/null; echo \"status=${PIPESTATUS[0]}\""])
        XCTAssertTrue(batch.stdout.contains("status=0"), batch.stdout)
        for job in 1...4 {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("b\(job).mp4").path), "job \(job)")
        }
    }

    // MARK: 3. Workers on shared storage

    /// A manifest of 8 jobs on one small clip, outputs in `out/`.
    private func makeFarm(_ folder: URL, jobs: Int = 8) throws -> String {
        // A picture that takes the encoder some work, so that the workers meet.
        let clip = try ffmpeg(
            ["-f", "lavfi", "-i", "testsrc2=s=320x568:r=30:d=2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
            folder.appendingPathComponent("clip.mp4").path)
        let captions = try write("1\n00:00:00,100 --> 00:00:01,900\nHello farm\n", folder, "c.srt")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        let lines = (1...jobs).map { #"{"input": "\#(clip)", "captions": "\#(captions)", "output": "out/j\#($0).mp4", "x264Preset": "medium"}"# }
        return try write(lines.joined(separator: "\n"), folder, "jobs.jsonl")
    }

    private struct Outcome: Decodable {
        var job: Int
        var status: String
        var reason: String?
    }

    private func outcomes(_ path: String) throws -> [Outcome] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .map { try JSONDecoder().decode(Outcome.self, from: Data($0.utf8)) }
    }

    /// Two workers over one unsharded manifest, the second in its own PID namespace (as on two
    /// pods of one volume): they split the jobs, none fails, and nothing temporary remains.
    func testTwoWorkersInSeparatePIDNamespacesSplitTheJobs() throws {
        let folder = try temporaryFolder()
        let manifest = try makeFarm(folder)
        // Without the right to make a PID namespace (not root, or a container that forbids it)
        // the second worker runs plainly: the lock is the same either way.
        let canUnshare = (try? ProcessRunner.run("/usr/bin/unshare", ["--pid", "--fork", "--mount-proc", "true"]))?.status == 0
        let second: (String, [String]) =
            canUnshare ? ("/usr/bin/unshare", ["--pid", "--fork", "--mount-proc", CLI.binary]) : (CLI.binary, [])
        let reports = [folder.appendingPathComponent("r1.jsonl").path, folder.appendingPathComponent("r2.jsonl").path]
        let first = try ProcessRunner.start(CLI.binary, ["batch", manifest, "--report", reports[0]])
        let other = try ProcessRunner.start(second.0, second.1 + ["batch", manifest, "--report", reports[1]])
        for (process, out, err) in [first, other] {
            let result = ProcessRunner.finish(process, out, err)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let all = try outcomes(reports[0]) + outcomes(reports[1])
        XCTAssertEqual(all.count, 16)
        XCTAssertEqual(all.filter { $0.status == "failed" }.count, 0)
        for job in 0..<8 {
            let mine = all.filter { $0.job == job }
            XCTAssertEqual(mine.filter { $0.status == "done" }.count, 1, "job \(job) is done exactly once: \(mine)")
        }
        XCTAssertTrue(all.contains { $0.reason?.hasPrefix("running elsewhere") == true }, "the workers met: \(all)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)
        XCTAssertEqual(left.filter { $0.contains(".partial-") || $0.hasSuffix(".lock") }, [])
        XCTAssertEqual(left.filter { $0.hasSuffix(".mp4") }.count, 8)
    }

    /// A worker that holds an output's lock (here this test, as a process on another host
    /// would) owns the job: the batch skips it as running elsewhere and leaves its temporary
    /// file alone; once the lock is let go, the next run removes that file and does the job.
    func testALockedOutputIsRunningElsewhereAndAnAbandonedOneIsTakenOver() throws {
        let folder = try temporaryFolder()
        let manifest = try makeFarm(folder, jobs: 2)
        let out = folder.appendingPathComponent("out")
        let partial = out.appendingPathComponent(".j1.mp4.partial-7").path
        try Data("half a video".utf8).write(to: URL(fileURLWithPath: partial))
        let lock = open(out.appendingPathComponent(".j1.mp4.lock").path, O_RDWR | O_CREAT, 0o644)
        XCTAssertEqual(flock(lock, LOCK_EX | LOCK_NB), 0)
        _ = "host elsewhere pid 7\n".withCString { Glibc.write(lock, $0, strlen($0)) }
        let report = folder.appendingPathComponent("r.jsonl").path
        let held = try CLI.burn(["batch", manifest, "--report", report])
        XCTAssertEqual(held.status, 0, held.stderr)
        XCTAssertTrue(held.stderr.contains("skipped \(out.path)/j1.mp4: running elsewhere: host elsewhere pid 7"), held.stderr)
        XCTAssertEqual(try outcomes(report).map(\.status).sorted(), ["done", "skipped"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: partial), "a live worker's temporary file stays")

        close(lock)  // the worker dies: the kernel lets go of its lock, its files stay behind
        let rerun = try CLI.burn(["batch", manifest, "--report", report])
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertEqual(try outcomes(report).map(\.status).sorted(), ["done", "skipped"])
        let left = try FileManager.default.contentsOfDirectory(atPath: out.path)
        XCTAssertEqual(left.filter { $0.contains(".partial-") || $0.hasSuffix(".lock") }, [])
        XCTAssertTrue(left.contains("j1.mp4"))
        // A single render refuses an output another process is writing.
        let again = open(out.appendingPathComponent(".j2.mp4.lock").path, O_RDWR | O_CREAT, 0o644)
        defer { close(again) }
        XCTAssertEqual(flock(again, LOCK_EX | LOCK_NB), 0)
        let single = try CLI.burn([talk, "--captions", talkCaptions, "-o", out.appendingPathComponent("j2.mp4").path])
        XCTAssertEqual(single.status, 1, single.stderr)
        XCTAssertTrue(single.stderr.contains("another burn-captions process"), single.stderr)
    }

    // MARK: 4. Duplicate outputs through a symbolic link

    func testAnOutputWrittenThroughALinkedFolderIsADuplicate() throws {
        let folder = try temporaryFolder()
        let clip = try blackClip(folder, "clip.mp4", seconds: 1, audio: nil)
        let captions = try write("1\n00:00:00,100 --> 00:00:00,900\nHello\n", folder, "c.srt")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("outlink").path, withDestinationPath: "out")
        let lines = ["out/same.mp4", "outlink/same.mp4"].map {
            #"{"input": "\#(clip)", "captions": "\#(captions)", "output": "\#($0)", "x264Preset": "ultrafast"}"#
        }
        let manifest = try write(lines.joined(separator: "\n"), folder, "jobs.jsonl")
        let result = try CLI.burn(["batch", manifest])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("jobs.jsonl:2: output: also written by line 1"), result.stderr)
        XCTAssertTrue(result.stderr.contains("1 done, 0 skipped, 1 failed"), result.stderr)
    }

    // MARK: 5 and 12. Stills: past the end, time syntax, cut-short files

    func testStillPastTheEndFailsNamingTheDuration() throws {
        let folder = try temporaryFolder()
        let clip = try blackClip(folder, "two.mp4", seconds: 2, audio: nil)
        let captions = try write("1\n00:00:00,100 --> 00:00:01,900\nHello\n", folder, "c.srt")
        let png = folder.appendingPathComponent("still.png").path
        for at in ["99999", "5", "2"] {
            let result = try CLI.burn(["still", clip, "--captions", captions, "--at", at, "-o", png])
            XCTAssertEqual(result.status, 1, "\(at): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("after the end of the video, which lasts 2.000 s"), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: png))
        }
        for at in ["0x10", "1e1", "-1", "1:75", "inf", "1:2:3:4", ""] {
            XCTAssertEqual(try CLI.burn(["still", clip, "--captions", captions, "--at", at, "-o", png]).status, 2, at)
        }
        for at in ["1", "1.5", "0:01.5", "00:00:01.967"] {
            let result = try CLI.burn(["still", clip, "--captions", captions, "--at", at, "-o", png])
            XCTAssertEqual(result.status, 0, "\(at): \(result.stderr)")
        }
        // A still is a PNG file.
        let jpeg = folder.appendingPathComponent("still.jpg").path
        XCTAssertEqual(try CLI.burn(["still", clip, "--captions", captions, "--at", "1", "-o", jpeg]).status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: jpeg))
    }

    func testStillReadsACutShortFileAsTheRenderDoes() throws {
        let folder = try temporaryFolder()
        let data = try Data(contentsOf: URL(fileURLWithPath: talk))
        let cut = folder.appendingPathComponent("cut.mp4").path
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: cut))
        let png = folder.appendingPathComponent("still.png").path
        let still = try CLI.burn(["still", cut, "--captions", talkCaptions, "--at", "2.3", "-o", png])
        XCTAssertEqual(still.status, 0, still.stderr)
        XCTAssertEqual(try CLI.probe(png, stream: "v", "width,height"), "1080\n1920")
        // Past what the cut file holds: the end the render would reach is named.
        let late = try CLI.burn(["still", cut, "--captions", talkCaptions, "--at", "14", "-o", png])
        XCTAssertEqual(late.status, 1, late.stderr)
        XCTAssertTrue(late.stderr.contains("after the end of the video"), late.stderr)
    }

    // MARK: 6 and 7. Glyphs no face has, control characters

    func testSerifFacesFillInAndMissingGlyphsAreMarked() throws {
        let folder = try temporaryFolder()
        let srt = "1\n00:00:00,500 --> 00:00:02,000\nབཀྲ་ཤིས་ bde legs\n\n2\n00:00:03,000 --> 00:00:04,000\nsee \u{10FFFD} here\n\n"
            + "3\n00:00:05,000 --> 00:00:06,000\n\u{1B}[31mred\u{7} and\u{0}nul\n"
        let captions = try write(srt, folder, "mixed.srt")
        let plan = try CLI.burn(["plan", talk, "--captions", captions])
        XCTAssertEqual(plan.status, 0, plan.stderr)
        let planned = try Plan.decode(plan.stdout).captions
        XCTAssertEqual(planned.map(\.text), ["བཀྲ་ཤིས་ bde legs", "see \u{10FFFD} here", "[31mred and nul"])
        // Tibetan is only in Noto Serif Tibetan, which Fonts.conf turns away for text: the last resort.
        XCTAssertEqual(planned[0].lines.flatMap(\.fonts).first, "Noto Serif Tibetan")
        XCTAssertNil(planned[0].missingGlyphs)
        XCTAssertEqual(planned[1].missingGlyphs, "\u{10FFFD}")
        XCTAssertNil(planned[2].missingGlyphs)
        let warnings = plan.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(
            warnings,
            [
                "burn-captions: warning: \(captions):10: control characters removed (U+0000, U+0007, U+001B)",
                "burn-captions: warning: \(captions):6: no installed font has \"\u{10FFFD}\"; drawn as boxes",
            ])
    }

    // MARK: 8. A killed single render

    /// The sample's first 3 s (stream copy) in a folder of its own: renders that must finish
    /// here need the sample's picture and captions, not its length.
    private func shortTalk() throws -> String {
        let path = try temporaryFolder().appendingPathComponent("short-talk.mp4").path
        try ProcessRunner.ffmpeg(["-i", talk, "-t", "3", "-c", "copy", path])
        return path
    }

    func testARerunRemovesWhatAKilledRenderLeft() throws {
        let folder = try temporaryFolder()
        let output = folder.appendingPathComponent("out.mp4").path
        let talk = try shortTalk()
        let (_, wasRunning) = try CLI.interrupt(
            [talk, "--captions", talkCaptions, "-o", output, "--x264-preset", "veryslow"], in: folder, with: SIGKILL)
        XCTAssertTrue(wasRunning)
        XCTAssertTrue(try FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.contains(".partial-") })
        let rerun = try CLI.burn([talk, "--captions", talkCaptions, "-o", output, "--x264-preset", "ultrafast", "-q"])
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["out.mp4"])
    }

    // MARK: 9. Contact sheets in pages

    func testAPreviewOfManyCaptionsComesInPages() throws {
        let folder = try temporaryFolder()
        let clip = try blackClip(folder, "clip.mp4", seconds: 20, audio: nil)
        // 200 captions of 0.1 s: 320x568 thumbnails are 80x142, 20 rows of 4 to a page.
        let cues = (0..<200).map { i in
            "\(i + 1)\n\(RobustnessTests.srtTime(Double(i) * 0.1)) --> \(RobustnessTests.srtTime(Double(i) * 0.1 + 0.09))\nw\(i)\n"
        }
        let captions = try write(cues.joined(separator: "\n"), folder, "many.srt")
        let result = try CLI.burn(["preview", clip, "--captions", captions, "-o", folder.appendingPathComponent("sheet.png").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("wrote 3 pages"), result.stderr)
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(pages, ["sheet-001.png", "sheet-002.png", "sheet-003.png"])
        let sizes = try pages.map { try CLI.probe(folder.appendingPathComponent($0).path, stream: "v", "width,height") }
        // Full pages: 20 rows of 142 + 44 + 16 px; the last holds 40 captions in 10 rows.
        XCTAssertEqual(sizes, ["400\n4056", "400\n4056", "400\n2036"])
        // A pattern numbers the pages its own way; a bad one is a usage error.
        let patterned = try CLI.burn(["preview", clip, "--captions", captions, "-o", folder.appendingPathComponent("p_%02d.png").path])
        XCTAssertEqual(patterned.status, 0, patterned.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("p_03.png").path))
        let bad = try CLI.burn(["preview", clip, "--captions", captions, "-o", folder.appendingPathComponent("p_%s.png").path])
        XCTAssertEqual(bad.status, 2, bad.stderr)
    }

    // MARK: 10. Output path mistakes

    func testOutputsThatAreNoVideoOrAreAnInputAreUsageErrors() throws {
        let folder = try temporaryFolder()
        let clip = try blackClip(folder, "clip.mp4", seconds: 1, audio: "sine=f=440:d=1")
        let srt = "1\n00:00:00,100 --> 00:00:00,900\nHello\n"
        let captions = try write(srt, folder, "c.srt")
        for name in ["x.srt", "x.png", "x.webm", "x.unknown"] {
            let output = folder.appendingPathComponent(name).path
            let result = try CLI.burn([clip, "--captions", captions, "-o", output])
            XCTAssertEqual(result.status, 2, "\(name): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("burn-captions: \(output): "), result.stderr)
            XCTAssertTrue(result.stderr.contains("h264 goes in .mp4, .mov, .mkv"), result.stderr)
            // Not about the audio (the message without the path, which is random and may hold "AAC").
            XCTAssertFalse(result.stderr.replacingOccurrences(of: output, with: "").contains("AAC"), result.stderr)
        }
        // The captions (even named .mp4), the script, the preset and the fonts file are inputs too.
        let disguised = try write(srt, folder, "cap.mp4")
        let script = try write("Hello", folder, "script.mp4")
        let preset = folder.appendingPathComponent("look.mkv").path
        try FileManager.default.copyItem(atPath: CLI.root.appendingPathComponent("Presets/tiktok.json").path, toPath: preset)
        let cases: [[String]] = [
            [clip, "--captions", disguised, "--captions-format", "srt", "-o", disguised],
            [clip, "--captions", captions, "--script", script, "-o", script],
            [clip, "--captions", captions, "--preset", preset, "-o", preset],
            [clip, "--captions", captions, "-o", folder.appendingPathComponent("../\(folder.lastPathComponent)/clip.mp4").path],
        ]
        for arguments in cases {
            let before = try Data(contentsOf: URL(fileURLWithPath: arguments[arguments.count - 1]))
            let result = try CLI.burn(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("output is the input file"), result.stderr)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: arguments[arguments.count - 1])), before)
        }
        let export = try CLI.burn([clip, "--captions", captions, "-o", folder.appendingPathComponent("o.mp4").path, "--export-captions", captions])
        XCTAssertEqual(export.status, 2, export.stderr)
        XCTAssertEqual(try String(contentsOfFile: captions, encoding: .utf8), srt)
    }

    // MARK: 13. Command-line details

    func testCommandLineDetails() throws {
        let folder = try temporaryFolder()
        try blackClip(folder, "-dash.mp4", seconds: 1, audio: nil)
        let captions = try write("1\n00:00:00,100 --> 00:00:00,900\nHello\n", folder, "c.srt")
        // `--` ends the options: a name that starts with a dash is the input.
        let inFolder = { (arguments: String) in
            try ProcessRunner.run("/bin/sh", ["-c", "cd \"$0\" && exec \"$1\" \(arguments)", folder.path, CLI.binary])
        }
        let dashed = try inFolder("--captions c.srt -o d.mp4 -q -- -dash.mp4")
        XCTAssertEqual(dashed.status, 0, dashed.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("d.mp4").path))
        XCTAssertEqual(try inFolder("--captions c.srt -o d2.mp4 -- -dash.mp4 -q").status, 2)
        XCTAssertEqual(try inFolder("--captions c.srt -o d3.mp4 -dash.mp4").status, 2, "without --, -dash.mp4 is an option")
        _ = captions

        // Problems past the first 20 are counted.
        let broken = (1...23).map { "\($0)\nnot a timing line\nx\n" }.joined(separator: "\n")
        let many = try CLI.burn(["plan", talk, "--captions", try write(broken, folder, "broken.srt")])
        XCTAssertEqual(many.status, 1)
        XCTAssertEqual(many.stderr.split(separator: "\n").count, 21, many.stderr)
        XCTAssertTrue(many.stderr.hasSuffix("broken.srt: 3 more problems not listed\n"), many.stderr)

        // A language tag must be BCP-47.
        let language = try CLI.burn(["plan", talk, "--captions", talkCaptions, "--language", "zz-!!"])
        XCTAssertEqual(language.status, 2)
        XCTAssertTrue(language.stderr.contains("\"zz-!!\" is not a BCP-47 language tag"), language.stderr)
        XCTAssertEqual(try CLI.burn(["plan", talk, "--captions", talkCaptions, "--language", "zh-Hant-TW"]).status, 0)

        // An export that cannot be written names its path and why, before the render.
        let blocked = folder.appendingPathComponent("blocked")
        try "a file, not a folder".write(to: blocked, atomically: true, encoding: .utf8)
        let export = try CLI.burn([
            talk, "--captions", talkCaptions, "-o", folder.appendingPathComponent("e.mp4").path, "--export-captions",
            blocked.appendingPathComponent("c.srt").path,
        ])
        XCTAssertEqual(export.status, 1)
        XCTAssertTrue(export.stderr.contains("\(blocked.path)/c.srt: output folder \(blocked.path) is not a folder"), export.stderr)
        XCTAssertFalse(export.stderr.contains("NSCocoaErrorDomain"), export.stderr)
    }

    /// The captions export is written only after a finished render: an interrupted one leaves neither file.
    func testAnInterruptedRenderLeavesNoExport() throws {
        let folder = try temporaryFolder()
        let output = folder.appendingPathComponent("out.mp4").path
        let export = folder.appendingPathComponent("final.srt").path
        let talk = try shortTalk()
        let (interrupted, wasRunning) = try CLI.interrupt(
            [talk, "--captions", talkCaptions, "-o", output, "--export-captions", export, "--x264-preset", "veryslow"],
            in: folder, with: SIGINT)
        XCTAssertTrue(wasRunning)
        XCTAssertEqual(interrupted.status, 130, interrupted.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
        // Finished, both are there.
        let done = try CLI.burn([talk, "--captions", talkCaptions, "-o", output, "--export-captions", export, "--x264-preset", "ultrafast"])
        XCTAssertEqual(done.status, 0, done.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["final.srt", "out.mp4"])
    }

    func testAManifestLineTakesEveryRenderOption() throws {
        let folder = try temporaryFolder()
        let clip = try blackClip(folder, "clip.mp4", seconds: 1, audio: nil)
        let captions = try write("1\n00:00:00,100 --> 00:00:00,900\nHello\n", folder, "c.srt")
        let line = #"{"input": "\#(clip)", "captions": "\#(captions)", "output": "o.mp4", "x264Preset": "ultrafast", "threads": 2, "crf": 30, "#
            + #""language": "en", "timingFix": false, "captionsFormat": "srt", "preset": "reels", "fontsConf": "\#(CLI.root.path)/Fonts.conf", "exportCaptions": "o.vtt", "maxWords": 2}"#
        let bad = [#"{"input": "a", "captions": "b", "output": "c.mp4", "thread": 2}"#, #"{"input": "a", "captions": "b", "output": "d.mp4", "maxWords": 9}"#]
        let manifest = try write(([line] + bad).joined(separator: "\n"), folder, "jobs.jsonl")
        let result = try CLI.burn(["batch", manifest])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("1 done, 0 skipped, 2 failed"), result.stderr)
        XCTAssertTrue(result.stderr.contains("jobs.jsonl:2: thread: unknown field (did you mean \"threads\"?)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("jobs.jsonl:3: maxWords: expected a whole number from 1 to 8"), result.stderr)
        XCTAssertTrue(try String(contentsOfFile: folder.appendingPathComponent("o.vtt").path, encoding: .utf8).hasPrefix("WEBVTT"))
    }

    // MARK: 14. A checkout in a private folder

    /// The unprivileged runs of the robustness tests use a copy of what they need: from a
    /// checkout in a folder only root may enter, `nobody` still renders with a named preset.
    func testUnprivilegedRunsWorkFromAPrivateCheckout() throws {
        let checkout = try temporaryFolder()
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: checkout.path)
        for name in ["Presets", "Fonts.conf", "Samples"] {
            try FileManager.default.copyItem(at: CLI.root.appendingPathComponent(name), to: checkout.appendingPathComponent(name))
        }
        let binary = checkout.appendingPathComponent("burn-captions").path
        try FileManager.default.copyItem(atPath: CLI.binary, toPath: binary)
        let staged = try CLI.stageForUnprivileged(binary: binary, root: checkout)
        addTeardownBlock { try? FileManager.default.removeItem(at: staged) }
        let folder = try temporaryFolder()
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        let samples = staged.appendingPathComponent("Samples")
        let result = try CLI.runUnprivileged(
            [
                "plan", samples.appendingPathComponent("talk.mp4").path, "--captions",
                samples.appendingPathComponent("talk.json").path, "--preset", "tiktok",
            ], staged: staged)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("\"captions\""), result.stdout)
    }
}
