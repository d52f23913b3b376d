import Foundation
import TestSupport
import XCTest

/// Caption inputs as a subtitler and a shell give them (robustness issue, third pass): text
/// in angle brackets that is no SubRip tag, standard input, paths that are no regular file,
/// live logs and shot-change files that are wrong in one place.
final class CaptionInputTests: XCTestCase {
    private let talk = CLI.readableSamples.appendingPathComponent("talk.mp4").path

    private func write(_ text: String, _ folder: URL, _ name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// The captions `plan` prints, their texts joined by spaces.
    private func plannedText(_ stdout: String) throws -> String {
        let plan = try JSONDecoder().decode(Plan.self, from: Data(stdout.utf8))
        return plan.captions.map(\.text).joined(separator: " ").replacingOccurrences(of: "\n", with: " ")
    }

    /// Runs the binary under `timeout` (a FIFO or `/dev/zero` must not hang the test when a
    /// build reads it); `shell` is a `/bin/sh` command line that runs `"$0" "$@"`.
    private func run(_ arguments: [String], shell: String = "exec \"$0\" \"$@\"") throws -> ProcessRunner.Result {
        try ProcessRunner.run("/usr/bin/timeout", ["60", "/bin/sh", "-c", shell, CLI.binary] + arguments)
    }

    // MARK: 5. SubRip's own tags only

    func testSubRipStripsOnlyItsOwnTags() throws {
        let folder = try temporaryFolder()
        let captions = try write(
            "1\n00:00:00,500 --> 00:00:03,000\nPress <Enter> to <i>continue</i>\n\n"
                + "2\n00:00:03,500 --> 00:00:06,000\n<B>Ana:</B> <inaudible>\n\n"
                + "3\n00:00:06,500 --> 00:00:09,000\n{\\an8}<font color=\"#ff0\">Yes</FONT> <s>no</s> <u>a</u> <b\n",
            folder, "tags.srt")
        let result = try CLI.burn(["plan", talk, "--captions", captions])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try plannedText(result.stdout), "Press <Enter> to continue Ana: <inaudible> Yes no a <b")
    }

    // MARK: 17. Standard input, and paths that are no regular file

    func testCaptionsFromStandardInputAreReadOnceAndBounded() throws {
        let folder = try temporaryFolder()
        let captions = try write("1\n00:00:00,500 --> 00:00:02,000\nFrom a pipe\n", folder, "c.srt")
        // A pipe: `plan` reads the captions once for `{lang}`-free planning, `lint` too.
        let plan = try run([captions, "plan", talk, "--captions", "-"], shell: "f=$1; shift; cat \"$f\" | \"$0\" \"$@\"")
        XCTAssertEqual(plan.status, 0, plan.stderr)
        XCTAssertEqual(try plannedText(plan.stdout), "From a pipe")
        // A render names its output from {lang}, which reads the captions before the render does.
        let output = folder.appendingPathComponent("out-{lang}.mp4").path
        let render = try run(
            [captions, talk, "--captions", "-", "-o", output, "--x264-preset", "ultrafast"],
            shell: "f=$1; shift; \"$0\" \"$@\" < \"$f\"")
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out-en.mp4").path), render.stderr)
        // More than the size limit on standard input is refused, and not read to its end.
        let huge = try run(["lint", "--captions", "-", "--fps", "30"], shell: "head -c 100000000 /dev/zero | \"$0\" \"$@\"")
        XCTAssertEqual(huge.status, 1, huge.stderr)
        XCTAssertEqual(huge.stderr, "burn-captions: standard input: file is larger than 64 MiB\n")
        // The review saves into its caption file, which standard input is not.
        let review = try CLI.burn(["review", talk, "--captions", "-"])
        XCTAssertEqual(review.status, 2, review.stderr)
        XCTAssertTrue(review.stderr.contains("give a file, not standard input"), review.stderr)
    }

    func testAPathThatIsNoRegularFileIsRefusedAsSuch() throws {
        let folder = try temporaryFolder()
        let fifo = folder.appendingPathComponent("fifo.srt").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        for path in [fifo, "/dev/zero", folder.path] {
            let result = try run(["lint", "--captions", path, "--fps", "30"])
            XCTAssertEqual(result.status, 1, "\(path): \(result.stderr)")
            XCTAssertEqual(result.stderr, "burn-captions: \(path): not a regular file\n", path)
        }
        let missing = try run(["lint", "--captions", folder.appendingPathComponent("missing.srt").path, "--fps", "30"])
        XCTAssertTrue(missing.stderr.hasSuffix("missing.srt: no such file\n"), missing.stderr)
    }

    func testPermissionDeniedOnlyWhenItIsTrue() throws {
        let folder = try temporaryFolder()
        let captions = try write("1\n00:00:00,500 --> 00:00:02,000\nSecret\n", folder, "secret.srt")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: captions)
        let denied = try CLI.runUnprivileged(["lint", "--captions", captions, "--fps", "30"])
        XCTAssertEqual(denied.status, 1, denied.stderr)
        XCTAssertEqual(denied.stderr, "burn-captions: \(captions): permission denied\n")
        // A folder the user may read is no file, not a permission problem.
        let notAFile = try CLI.runUnprivileged(["lint", "--captions", folder.path, "--fps", "30"])
        XCTAssertEqual(notAFile.stderr, "burn-captions: \(folder.path): not a regular file\n")
    }

    // MARK: 19. Live logs and shot-change files name the right place

    func testANegativeTimestampIsNamedNotTheGoodLinesBeforeIt() throws {
        let folder = try temporaryFolder()
        let log = try write(
            #"{"text": "hello", "isFinal": true, "speakerId": "u1", "timestamp": 1714557602000}"# + "\n"
                + #"{"text": "there", "isFinal": true, "speakerId": "u1", "timestamp": 1714557603000}"# + "\n"
                + #"{"text": "bad", "isFinal": true, "speakerId": "u1", "timestamp": -5}"# + "\n",
            folder, "live.jsonl")
        let result = try CLI.burn(["lint", "--captions", log, "--fps", "30"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("burn-captions: \(log):3: timestamp: a time before 1970"), result.stderr)
        XCTAssertFalse(result.stderr.contains("\(log):1:") || result.stderr.contains("\(log):2:"), result.stderr)
    }

    func testAShotChangeFileWithoutATimeIsAnError() throws {
        let folder = try temporaryFolder()
        let captions = try write("1\n00:00:00,500 --> 00:00:02,000\nHello\n", folder, "c.srt")
        for (name, text) in [("empty.txt", ""), ("header.csv", "Timecode,Name\n# no cuts\n\n"), ("events.edl", "TITLE: x\nFCM: NON-DROP FRAME\n")] {
            let shots = try write(text, folder, name)
            let result = try CLI.burn(["lint", "--captions", captions, "--fps", "30", "--shot-changes", shots])
            XCTAssertEqual(result.status, 1, "\(name): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("burn-captions: \(shots): no "), result.stderr)
            XCTAssertTrue(result.stderr.contains("in the shot changes"), result.stderr)
        }
    }
}
