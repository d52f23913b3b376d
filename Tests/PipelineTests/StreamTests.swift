import Foundation
import Media
import TestSupport
import XCTest

/// Inputs that need more than a copy: audio the container cannot hold, variable frame rate.
final class StreamTests: XCTestCase {
    private let captions = CLI.samples.appendingPathComponent("talk.json").path

    /// MP4 refuses PCM; MPEG-TS takes it, but only as a data stream no player plays (it has no
    /// stream type for PCM): both get AAC.
    func testPCMAudioIsReencodedToAACForMP4AndMPEGTS() throws {
        let folder = try temporaryFolder()
        let input = folder.appendingPathComponent("pcm.mov").path
        let make = try ProcessRunner.tool("ffmpeg", [
            "-v", "error", "-i", CLI.samples.appendingPathComponent("talk.mp4").path, "-t", "2", "-c:v", "copy",
            "-c:a", "pcm_s16le", input,
        ])
        XCTAssertEqual(make.status, 0, make.stderr)
        for name in ["out.mp4", "out.ts"] {
            let output = folder.appendingPathComponent(name).path
            let result = try CLI.burn([input, "--captions", captions, "-o", output, "--x264-preset", "ultrafast"])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stderr.contains("re-encoding stream #1 (pcm_s16le) to AAC"), "\(name): \(result.stderr)")
            // MPEG-TS lists its streams under their program too: the first line of each.
            func probe(_ path: String, _ entry: String) throws -> String {
                String(try CLI.probe(path, stream: "a", entry).split(separator: "\n").first ?? "")
            }
            XCTAssertEqual(try probe(output, "codec_name"), "aac", name)
            let inDuration = Double(try probe(input, "duration")) ?? 0
            let outDuration = Double(try probe(output, "duration")) ?? -1
            XCTAssertEqual(outDuration, inDuration, accuracy: 0.05, name)
        }
    }

    func testVariableFrameRateTimestampsSurvive() throws {
        let folder = try temporaryFolder()
        let input = folder.appendingPathComponent("vfr.mp4").path
        // 30 fps for the first ten frames, then every third frame: 10 fps.
        let make = try ProcessRunner.tool("ffmpeg", [
            "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=320x568:r=30:d=2", "-vf",
            "select='lt(n,10)+not(mod(n,3))'", "-fps_mode", "vfr", "-c:v", "libx264", "-preset", "ultrafast", input,
        ])
        XCTAssertEqual(make.status, 0, make.stderr)
        let output = folder.appendingPathComponent("out.mp4").path
        let result = try CLI.burn([input, "--captions", captions, "-o", output, "--x264-preset", "ultrafast"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let times = { (path: String) in
            try ProcessRunner.tool("ffprobe", [
                "-v", "error", "-select_streams", "v", "-show_entries", "frame=pts_time", "-of", "csv=p=0", path,
            ]).stdout.split(separator: "\n").compactMap { Double($0.trimmingCharacters(in: CharacterSet(charactersIn: ", "))) }
        }
        let expected = try times(input)
        XCTAssertGreaterThan(expected.count, 20)
        let actual = try times(output)
        XCTAssertEqual(actual.count, expected.count)
        for (a, e) in zip(actual, expected) { XCTAssertEqual(a, e, accuracy: 0.001) }
    }
}

extension StreamTests {
    func testSubtitleStreamsAreDroppedWithANoticeAndAudioKept() throws {
        let folder = try temporaryFolder()
        let input = folder.appendingPathComponent("subs.mp4").path
        let make = try ProcessRunner.tool("ffmpeg", [
            "-v", "error", "-i", CLI.samples.appendingPathComponent("talk.mp4").path, "-i",
            CLI.samples.appendingPathComponent("talk.srt").path, "-t", "2", "-map", "0", "-map", "1", "-c:v", "copy",
            "-c:a", "copy", "-c:s", "mov_text", input,
        ])
        XCTAssertEqual(make.status, 0, make.stderr)
        let output = folder.appendingPathComponent("out.mp4").path
        let result = try CLI.burn([input, "--captions", captions, "-o", output, "--x264-preset", "ultrafast"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("\(input): dropping stream #2 (subtitle)"), result.stderr)
        let kinds = try ProcessRunner.tool("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", output])
        XCTAssertEqual(kinds.stdout.split(separator: "\n"), ["video", "audio"])
    }
}

/// Inputs in other containers, codecs, pixel formats and timelines.
final class InputFormatTests: XCTestCase {
    private let talk = CLI.samples.appendingPathComponent("talk.mp4").path
    private let captions = CLI.samples.appendingPathComponent("talk.json").path

    /// Makes `name` in a temporary folder with ffmpeg, burns it to `out.mp4`, and returns both paths.
    private func burn(_ name: String, making ffmpegArguments: [String]) throws -> (input: String, output: String, stderr: String) {
        let folder = try temporaryFolder()
        let input = folder.appendingPathComponent(name).path
        let make = try ProcessRunner.tool("ffmpeg", ["-v", "error"] + ffmpegArguments + [input])
        XCTAssertEqual(make.status, 0, make.stderr)
        let output = folder.appendingPathComponent("out.mp4").path
        let result = try CLI.burn([input, "--captions", captions, "-o", output, "--x264-preset", "ultrafast"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return (input, output, result.stderr)
    }

    /// Luma of the first frame at (20, 20), away from any caption.
    private func cornerLuma(_ path: String) throws -> Int {
        var value = -1
        try FrameReader(path: path).forEachFrame { _, luma in
            value = Int(luma.values[20 * luma.width + 20])
            return false
        }
        return value
    }

    func testFullRangeInputStaysFullRange() throws {
        let (_, output, _) = try burn("white.mov", making: [
            "-f", "lavfi", "-i", "color=white:s=320x568:d=1", "-pix_fmt", "yuvj422p", "-c:v", "mjpeg",
        ])
        XCTAssertEqual(try CLI.probe(output, stream: "v", "color_range"), "pc")
        XCTAssertEqual(try cornerLuma(output), 255, accuracy: 1)
    }

    func testRGBInputGetsALimitedRangeMatrixAndTagsThatSayIt() throws {
        let (_, output, _) = try burn("white-rgb.mp4", making: [
            "-f", "lavfi", "-i", "color=white:s=320x568:d=1", "-c:v", "libx264rgb", "-pix_fmt", "gbrp",
        ])
        XCTAssertEqual(try CLI.probe(output, stream: "v", "color_range"), "tv")
        XCTAssertEqual(try CLI.probe(output, stream: "v", "color_space"), "smpte170m")
        XCTAssertEqual(try cornerLuma(output), 235, accuracy: 1)
    }

    func testFLACIsReencodedForMP4() throws {
        let (_, output, stderr) = try burn("flac.mkv", making: ["-i", talk, "-t", "2", "-c:v", "copy", "-c:a", "flac"])
        XCTAssertTrue(stderr.contains("re-encoding stream #1 (flac) to AAC"), stderr)
        XCTAssertEqual(try CLI.probe(output, stream: "a", "codec_name"), "aac")
    }

    func testUnusualChannelLayoutIsReencoded() throws {
        let (_, output, _) = try burn("downmix.mov", making: [
            "-i", talk, "-t", "2", "-c:v", "copy", "-af", "aformat=channel_layouts=downmix", "-c:a", "pcm_s16le",
        ])
        XCTAssertEqual(try CLI.probe(output, stream: "a", "channels"), "2")
    }

    func testStreamWithoutTimestampsKeepsEveryFrame() throws {
        let (input, output, _) = try burn("raw.h264", making: ["-i", talk, "-t", "2", "-an", "-c:v", "copy", "-f", "h264"])
        let frames = try CLI.probe(output, stream: "v", "nb_read_packets", countFrames: true)
        XCTAssertEqual(frames, try CLI.probe(input, stream: "v", "nb_read_packets", countFrames: true))
        XCTAssertEqual(Double(try CLI.probe(output, stream: "v", "duration")) ?? 0, 2.0, accuracy: 0.1)
    }

    /// MPEG-TS starts its clock at 1.4 s: the output starts at 0 and captions keep their times.
    func testTimelineStartIsTimeZeroForOutputAndCaptions() throws {
        let (input, output, _) = try burn("talk.ts", making: ["-i", talk, "-t", "3", "-c", "copy", "-f", "mpegts"])
        let start = try ProcessRunner.tool("ffprobe", ["-v", "error", "-show_entries", "format=start_time", "-of", "csv=p=0", input])
        XCTAssertGreaterThan(Double(start.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0, 1)
        XCTAssertLessThan(Double(try CLI.probe(output, stream: "v", "start_time")) ?? 9, 0.05)
        XCTAssertLessThan(Double(try CLI.probe(output, stream: "a", "start_time")) ?? 9, 0.05)
        try CaptionTiming.check(output: output, input: input)
    }
}
