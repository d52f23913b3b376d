import Foundation
import Media
import TestSupport
import XCTest

/// A valid caption file with nothing to show (robustness, third pass, item 9) renders the
/// video without captions, with a warning naming the file, and exits 0; `--strict` makes it
/// an error, and a file whose every block is malformed stays one. WebVTT's white space in a
/// timing line is space, tab and form feed only.
final class NothingToShowTests: XCTestCase {
    /// Files a player reads without error and shows nothing of.
    private let empty: [(name: String, text: String)] = [
        ("header.vtt", "WEBVTT\n"),
        ("blocks.vtt", "WEBVTT - nothing\n\nNOTE a comment\n\nSTYLE\n::cue { color: red }\n\nREGION\nid:fred\nwidth:40%\n"),
        ("empty.srt", ""),
        ("blank.srt", "\n \n\t\n\n"),
        ("hidden.srt", "1\n00:00:00,500 --> 00:00:00,500\nHidden\n\n2\n00:00:01,000 --> 00:00:01,000\nAlso hidden\n"),
    ]

    /// Files in which every block is malformed or impossible, each with the problems listed.
    private let broken: [(name: String, text: String, problems: [String])] = [
        ("times.vtt", "WEBVTT\n\n00:01 --> 00:02\nHi\n\n00:03.000 -> 00:04.000\nThere\n", [":3: malformed timing line", ":6: expected a timing line"]),
        ("backwards.srt", "1\n00:00:02,000 --> 00:00:01,000\nBack\n\n2\n00:00:05,000 --> 00:00:04,000\nAgain\n", [":2: ends (1.0) before it starts (2.0)", ":6: ends (4.0) before it starts (5.0)"]),
        ("vt.vtt", "WEBVTT\n\n00:01.000\u{0B}-->\u{0B}00:02.000\nVertical tab\n", [":3: malformed timing line"]),
    ]

    private func write(_ text: String, _ folder: URL, _ name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A black 320x568 clip of 2 s at 30 fps.
    private func clip(_ folder: URL) throws -> String {
        let path = folder.appendingPathComponent("clip.mp4").path
        try ProcessRunner.ffmpeg(["-f", "lavfi", "-i", "color=black:s=320x568:r=30:d=2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", path])
        return path
    }

    func testAValidFileWithNothingToShowRendersWithoutCaptions() throws {
        let folder = try temporaryFolder()
        let clip = try clip(folder)
        for (name, text) in empty {
            let captions = try write(text, folder, name)
            let output = folder.appendingPathComponent("out-\(name).mp4").path
            let render = try CLI.burn([clip, "--captions", captions, "-o", output, "--x264-preset", "ultrafast"])
            XCTAssertEqual(render.status, 0, "\(name): \(render.stderr)")
            let warnings = render.stderr.split(separator: "\n").filter { $0.contains("no captions to show") }
            XCTAssertEqual(warnings, ["burn-captions: warning: \(captions): no captions to show (no cue with text and length); none are drawn"], name)
            XCTAssertEqual(try CLI.probe(output, stream: "v", "nb_read_packets", countFrames: true), "60", name)
            var lit = 0
            try FrameReader(path: output).forEachFrame { _, luma in
                if luma.values.contains(where: { $0 > 100 }) { lit += 1 }
                return true
            }
            XCTAssertEqual(lit, 0, "\(name): frames with something drawn")
            // plan and lint say the same and show nothing.
            let plan = try CLI.burn(["plan", clip, "--captions", captions])
            XCTAssertEqual(plan.status, 0, "\(name): \(plan.stderr)")
            XCTAssertEqual(try Plan.decode(plan.stdout).captions.count, 0, name)
            let lint = try CLI.burn(["lint", clip, "--captions", captions])
            XCTAssertEqual(lint.status, 0, "\(name): \(lint.stderr)")
            // --strict: an error naming the file, and no output.
            let strictOutput = folder.appendingPathComponent("strict-\(name).mp4").path
            let strict = try CLI.burn([clip, "--captions", captions, "-o", strictOutput, "--strict"])
            XCTAssertEqual(strict.status, 1, "\(name): \(strict.stderr)")
            XCTAssertTrue(strict.stderr.contains("burn-captions: \(captions): no captions in file"), "\(name): \(strict.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: strictOutput), name)
        }
    }

    /// Every block malformed (a timing line that does not parse, U+000B where WebVTT allows
    /// only space, tab and form feed) or impossible (every cue ends before it starts): exit 1,
    /// each problem listed at its line, no output.
    func testAFileOfOnlyMalformedBlocksStaysAnError() throws {
        let folder = try temporaryFolder()
        let clip = try clip(folder)
        for (name, text, problems) in broken {
            let captions = try write(text, folder, name)
            let output = folder.appendingPathComponent("out-\(name).mp4").path
            let render = try CLI.burn([clip, "--captions", captions, "-o", output])
            XCTAssertEqual(render.status, 1, "\(name): \(render.stderr)")
            let lines = render.stderr.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, problems.count, "\(name): \(render.stderr)")
            for (line, problem) in zip(lines, problems) {
                XCTAssertTrue(line.hasPrefix("burn-captions: \(captions)\(problem)"), "\(name): \(line)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: output), name)
        }
        // U+000B beside a good cue: that cue is left out with a warning, the good one shown.
        let mixed = try write("WEBVTT\n\n00:01.000\u{0B}-->\u{0B}00:02.000\nBad\n\n00:00.500 --> 00:01.500\nGood\n", folder, "mixed.vtt")
        let plan = try CLI.burn(["plan", clip, "--captions", mixed])
        XCTAssertEqual(plan.status, 0, plan.stderr)
        XCTAssertEqual(try Plan.decode(plan.stdout).captions.map(\.text), ["Good"])
        XCTAssertTrue(plan.stderr.contains("warning: \(mixed):3: malformed timing line"), plan.stderr)
    }

    /// A batch over videos with nothing to caption succeeds: every job done, exit 0.
    func testBatchJobsWithNothingToCaptionSucceed() throws {
        let folder = try temporaryFolder()
        let clip = try clip(folder)
        var lines: [String] = []
        for (index, (name, text)) in empty.enumerated() {
            let captions = try write(text, folder, name)
            lines.append(#"{"input": "\#(clip)", "captions": "\#(captions)", "output": "out-\#(index).mp4", "x264Preset": "ultrafast"}"#)
        }
        let manifest = try write(lines.joined(separator: "\n") + "\n", folder, "jobs.jsonl")
        let report = folder.appendingPathComponent("report.jsonl").path
        let batch = try CLI.burn(["batch", manifest, "--report", report])
        XCTAssertEqual(batch.status, 0, batch.stderr)
        struct Outcome: Decodable { var status: String }
        let outcomes = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
            .map { try JSONDecoder().decode(Outcome.self, from: Data($0.utf8)) }
        XCTAssertEqual(outcomes.map(\.status), Array(repeating: "done", count: empty.count))
        for index in empty.indices {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out-\(index).mp4").path), "job \(index)")
        }
    }
}
