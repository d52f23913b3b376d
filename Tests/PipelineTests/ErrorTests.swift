import Foundation
import TestSupport
import XCTest

/// Errors are one line naming the file, exit 1; usage errors exit 2; nothing is left behind.
final class ErrorTests: XCTestCase {
    private let talk = CLI.samples.appendingPathComponent("talk.mp4").path
    private let captions = CLI.samples.appendingPathComponent("talk.json").path

    func testUsageErrorsExitTwo() throws {
        for arguments in [
            [], [talk], [talk, "--captions", captions], ["--bogus"], [talk, "--captions", captions, "-o", "/tmp/x.mp4", "--crf", "99"],
            [talk, "--captions", captions, "-o", "/tmp/x.mp4", "--preset", "nosuchplatform"],
        ] {
            let result = try CLI.burn(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("burn-captions: "), result.stderr)
        }
    }

    func testHelpAndVersion() throws {
        let help = try CLI.burn(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("usage: burn-captions INPUT --captions FILE"))
        let version = try CLI.burn(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.contains("libavcodec"), version.stdout)
        XCTAssertTrue(version.stdout.contains("HarfBuzz"), version.stdout)
        // The recognizer setup installed, with its models.
        let models = try FileManager.default.contentsOfDirectory(atPath: CLI.root.appendingPathComponent(".recognizer/models").path).sorted()
        XCTAssertTrue(version.stdout.contains("faster-whisper "), version.stdout)
        XCTAssertTrue(version.stdout.contains("models " + models.joined(separator: ", ")), version.stdout)
        let replaced = try ProcessRunner.run(CLI.binary, ["--version"], environment: ["BURN_CAPTIONS_RECOGNIZER": "/bin/true"])
        XCTAssertTrue(replaced.stdout.contains("/bin/true (BURN_CAPTIONS_RECOGNIZER)"), replaced.stdout)
    }

    func testOutputEqualToInputIsRefusedAndTheInputUntouched() throws {
        let folder = try temporaryFolder()
        let input = folder.appendingPathComponent("in.mp4")
        try FileManager.default.copyItem(atPath: talk, toPath: input.path)
        let before = try Data(contentsOf: input)
        let result = try CLI.burn([input.path, "--captions", captions, "-o", folder.path + "/./in.mp4"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("output is the input"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: input), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["in.mp4"])
    }

    func testBadInputsFailWithOneLineNamingTheFileAndNoOutput() throws {
        let folder = try temporaryFolder()
        let empty = folder.appendingPathComponent("empty.mp4").path
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        let noise = folder.appendingPathComponent("noise.mov").path
        _ = FileManager.default.createFile(atPath: noise, contents: Data((0..<65536).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 13) }))
        let audioOnly = folder.appendingPathComponent("audio.m4a").path
        XCTAssertEqual(try ProcessRunner.tool("ffmpeg", ["-v", "error", "-i", talk, "-vn", "-c", "copy", audioOnly]).status, 0)
        let cases: [(String, String)] = [
            (folder.appendingPathComponent("missing.mp4").path, "no such file"),
            (empty, ""), (noise, ""), (audioOnly, "no video stream"),
        ]
        for (input, message) in cases {
            let output = folder.appendingPathComponent("out.mp4").path
            let result = try CLI.burn([input, "--captions", captions, "-o", output, "-q"])
            XCTAssertEqual(result.status, 1, "\(input): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("burn-captions: \(input): \(message)"), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        }
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.contains("partial") })
    }

    func testBadCaptionsNameFileAndLine() throws {
        let folder = try temporaryFolder()
        let srt = folder.appendingPathComponent("bad.srt").path
        try "1\n00:00:01,000 --> 00:00:00,500\nBackwards\n".write(toFile: srt, atomically: true, encoding: .utf8)
        let result = try CLI.burn([talk, "--captions", srt, "-o", folder.appendingPathComponent("o.mp4").path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("burn-captions: \(srt):2: ends"), result.stderr)
    }

    func testMissingOutputFolderFailsBeforeDecoding() throws {
        let result = try CLI.burn([talk, "--captions", captions, "-o", "/nonexistent-folder/out.mp4"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("output folder /nonexistent-folder does not exist"), result.stderr)
    }

    func testInterruptLeavesNoFile() throws {
        for (signal, code) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            let folder = try temporaryFolder()
            let output = folder.appendingPathComponent("out.mp4").path
            let (result, wasRunning) = try CLI.interrupt(
                [talk, "--captions", captions, "-o", output, "--x264-preset", "veryslow"], in: folder, with: signal)
            XCTAssertTrue(wasRunning, "render finished before it could be interrupted")
            let stderr = result.stderr
            XCTAssertEqual(result.status, code, stderr)
            XCTAssertTrue(stderr.contains("interrupted"), stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "no output, no temp file")
        }
    }
}
