import Foundation
import TestSupport
import XCTest

/// `--null` renders every frame like a real render and writes nothing; `--stats` splits the
/// time between stages.
final class NullRenderTests: XCTestCase {
    func testNullRendersEveryFrameWritesNothingAndStatsNameEveryStage() throws {
        let folder = try temporaryFolder()
        let talk = CLI.samples.appendingPathComponent("talk.mp4").path
        let captions = CLI.samples.appendingPathComponent("talk.json").path
        let run = try ProcessRunner.run(CLI.binary, [talk, "--captions", captions, "--null", "--stats"], in: folder)
        let stderr = run.stderr
        XCTAssertEqual(run.status, 0, stderr)

        let frames = try CLI.probe(talk, stream: "v", "nb_read_packets", countFrames: true)
        XCTAssertTrue(stderr.contains("rendered and discarded (--null) (1080x1920, \(frames) frames"), stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "no file written")
        for label in ["demux+decode", "caption layout+raster", "compositing", "encode", "mux", "total"] {
            XCTAssertTrue(stderr.contains("\n\(label) "), "stage \(label) in:\n\(stderr)")
        }
        // One bitmap per caption of the plan, and no encoding at all.
        let plan = try CLI.burn(["plan", talk, "--captions", captions])
        let planned = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any])["captions"] as? [Any]
        XCTAssertTrue(stderr.contains(" \(try XCTUnwrap(planned).count) caption bitmaps rasterized"), stderr)
        let encodeLine = try XCTUnwrap(stderr.split(separator: "\n").first { $0.hasPrefix("encode ") })
        XCTAssertTrue(encodeLine.contains(" 0.000 "), String(encodeLine))
        let captioned = try XCTUnwrap(stderr.firstMatch(of: /(\d+) frames captioned, (\d+) of them copied/))
        XCTAssertGreaterThan(Int(captioned.1)!, 100)
    }

    func testStatsAfterARealRender() throws {
        let output = try temporaryFolder().appendingPathComponent("out.mp4").path
        let result = try CLI.burn([
            CLI.samples.appendingPathComponent("talk.mp4").path, "--captions",
            CLI.samples.appendingPathComponent("talk.srt").path, "-o", output, "--x264-preset", "ultrafast",
            "--threads", "2", "--stats",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let encodeLine = try XCTUnwrap(result.stderr.split(separator: "\n").first { $0.hasPrefix("encode ") })
        let seconds = try XCTUnwrap(Double(encodeLine.split(separator: " ", omittingEmptySubsequences: true)[1]))
        XCTAssertGreaterThan(seconds, 0.01, "encoding takes time")
        XCTAssertTrue(FileManager.default.fileExists(atPath: output))
    }

    func testNullTakesNoOutputAndStillsTakeNoNull() throws {
        let talk = CLI.samples.appendingPathComponent("talk.mp4").path
        let captions = CLI.samples.appendingPathComponent("talk.json").path
        let withOutput = try CLI.burn([talk, "--captions", captions, "--null", "-o", "/tmp/never.mp4"])
        XCTAssertEqual(withOutput.status, 2)
        XCTAssertTrue(withOutput.stderr.contains("--null writes no file"), withOutput.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/never.mp4"))
        let still = try CLI.burn(["still", talk, "--captions", captions, "--at", "1", "-o", "/tmp/x.png", "--null"])
        XCTAssertEqual(still.status, 2)
        let threads = try CLI.burn([talk, "--captions", captions, "--threads", "0", "-o", "/tmp/x.mp4"])
        XCTAssertEqual(threads.status, 2)
        XCTAssertTrue(threads.stderr.contains("--threads"), threads.stderr)
    }
}
