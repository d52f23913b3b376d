import Foundation
import TestSupport
import XCTest

/// What the command line refuses before anything is decoded, and how messages are shown
/// (robustness, third pass): one number parser, `--overlay-only` with codecs it does not
/// write, containers as FFmpeg's muxers answer, and control characters escaped.
final class CommandLineCheckTests: XCTestCase {
    /// A one-second black 320x568 clip with an AAC tone, and a caption over it.
    private func clip(_ folder: URL) throws -> (video: String, captions: String) {
        let video = folder.appendingPathComponent("clip.mp4").path
        try ProcessRunner.ffmpeg([
            "-f", "lavfi", "-i", "color=black:s=320x568:r=30:d=1", "-f", "lavfi", "-i", "sine=f=440:d=1", "-shortest",
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", video,
        ])
        let captions = folder.appendingPathComponent("clip.srt")
        try "1\n00:00:00,100 --> 00:00:00,900\nHello\n".write(to: captions, atomically: true, encoding: .utf8)
        return (video, captions.path)
    }

    /// Hexadecimal, exponents and signs are refused by every numeric option (Swift's own
    /// parsers take the first two: `--crf 0x14` was 20).
    func testEveryNumberIsPlainDecimal() throws {
        let folder = try temporaryFolder()
        let (video, captions) = try clip(folder)
        let output = folder.appendingPathComponent("out.mp4").path
        let cases: [(arguments: [String], option: String)] = [
            ([video, "--captions", captions, "-o", output, "--crf", "0x14"], "--crf"),
            ([video, "--captions", captions, "-o", output, "--crf", "1e1"], "--crf"),
            ([video, "--captions", captions, "-o", output, "--crf", "+20"], "--crf"),
            ([video, "--captions", captions, "-o", output, "--crf", "nan"], "--crf"),
            ([video, "--captions", captions, "-o", output, "--threads", "+2"], "--threads"),
            ([video, "--captions", captions, "-o", output, "--outputs-per-pass", "0x2"], "--outputs-per-pass"),
            (["lint", "--captions", captions, "--fps", "0x1e"], "--fps"),
            (["lint", "--captions", captions, "--fps", "3e1"], "--fps"),
            (["still", video, "--captions", captions, "--at", "1e-1", "-o", folder.path + "/f.png"], "--at"),
            (["review", video, "--captions", captions, "--port", "0x50"], "--port"),
            (["plan", video, "--captions", captions, "--segments", "+2", "-o", folder.path + "/p.json"], "--segments"),
            ([video, "--plan", folder.path + "/p.json", "--segment", "+0/2", "-o", output], "--segment"),
            (["batch", folder.path + "/m.jsonl", "--workers", "0x2"], "--workers"),
            (["batch", folder.path + "/m.jsonl", "--shard", "0x0/2"], "--shard"),
        ]
        for (arguments, option) in cases {
            let result = try CLI.burn(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("\(option): expected"), "\(arguments): \(result.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        // The plain forms still work.
        let lint = try CLI.burn(["lint", "--captions", captions, "--fps", "29.97"])
        XCTAssertEqual(lint.status, 0, lint.stderr)
    }

    func testOverlayOnlyRefusesACodecItDoesNotWrite() throws {
        let folder = try temporaryFolder()
        let (video, captions) = try clip(folder)
        for (output, extra) in [
            ("o.mov", ["--codec", "h264"]), ("o.webm", ["--codec", "prores"]), ("o.mov", ["--codec", "vp9"]),
            ("caps_%05d.png", ["--codec", "prores"]), ("o.mov", ["--encoder", "libx264"]),
        ] {
            let path = folder.appendingPathComponent(output).path
            let result = try CLI.burn([video, "--captions", captions, "--overlay-only", "-o", path] + extra)
            XCTAssertEqual(result.status, 2, "\(extra) \(output): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--overlay-only writes .mov as prores"), result.stderr)
            XCTAssertTrue(result.stderr.contains(extra.joined(separator: " ")), result.stderr)
        }
        // The codec it writes is no problem.
        let mov = folder.appendingPathComponent("ok.mov").path
        let result = try CLI.burn([video, "--captions", captions, "--overlay-only", "--codec", "prores", "-o", mov])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try CLI.probe(mov, stream: "v", "codec_name"), "prores")
    }

    /// The muxer says what it holds: MPEG-TS takes AAC as it is, Matroska takes PNG, and GIF
    /// takes no H.264 (a usage error before anything is decoded), nor QuickTime AV1.
    func testContainersAreAskedOfFFmpeg() throws {
        let folder = try temporaryFolder()
        let (video, captions) = try clip(folder)
        let ts = folder.appendingPathComponent("out.ts").path
        let copied = try CLI.burn([video, "--captions", captions, "-o", ts, "--x264-preset", "ultrafast"])
        XCTAssertEqual(copied.status, 0, copied.stderr)
        XCTAssertFalse(copied.stderr.contains("re-encoding"), copied.stderr)
        XCTAssertEqual(try CLI.probe(ts, stream: "a", "codec_name").split(separator: "\n").first, "aac", "copied")

        let mkv = folder.appendingPathComponent("png.mkv").path
        let png = try CLI.burn([video, "--captions", captions, "--encoder", "png", "-o", mkv])
        XCTAssertEqual(png.status, 0, png.stderr)
        XCTAssertEqual(try CLI.probe(mkv, stream: "v", "codec_name"), "png")

        for (name, extra, said) in [
            ("out.gif", [String](), "GIF muxer supports only a single video GIF stream"),
            ("out.mov", ["--codec", "av1"], "av1 only supported in MP4"),
        ] {
            let path = folder.appendingPathComponent(name).path
            let result = try CLI.burn([video, "--captions", captions, "-o", path, "--stats"] + extra)
            XCTAssertEqual(result.status, 2, "\(name): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(said), result.stderr)
            XCTAssertFalse(result.stderr.contains("decode"), "nothing decoded: \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        }
    }

    /// A newline or an escape sequence in a file name is shown escaped, so that each message
    /// is one line of its own.
    func testControlCharactersInMessagesAreEscaped() throws {
        let folder = try temporaryFolder()
        let (video, _) = try clip(folder)
        let missing = try CLI.burn(["plan", video, "--captions", folder.path + "/a\nfake: warning.srt"])
        XCTAssertEqual(missing.status, 1, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("a\\nfake: warning.srt: no such file"), missing.stderr)

        let named = folder.appendingPathComponent("x\u{1B}[2Jy\r.srt")
        try "1\n00:00:02,000 --> 00:00:01,000\nBackwards\n\n2\n00:00:00,100 --> 00:00:00,900\nHello\n"
            .write(to: named, atomically: true, encoding: .utf8)
        let warned = try CLI.burn(["plan", video, "--captions", named.path])
        XCTAssertEqual(warned.status, 0, warned.stderr)
        XCTAssertTrue(warned.stderr.contains("x\\x1B[2Jy\\r.srt:2: "), warned.stderr)
        for output in [missing.stderr, warned.stderr] {
            let lines = output.split(separator: "\n")
            XCTAssertFalse(lines.isEmpty)
            XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("burn-captions: ") }, output)
            XCTAssertFalse(output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, output)
        }
    }
}
