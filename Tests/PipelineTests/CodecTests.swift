import Foundation
import TestSupport
import XCTest

/// Every output codec (Tests/Cases/codecs.json): the stream ffprobe sees, the frames and their
/// times as the input's, the caption where it belongs; containers that cannot hold a codec;
/// an encoder that cannot open.
final class CodecTests: XCTestCase {
    private struct Cases: Decodable {
        struct Codec: Decodable {
            var codec: String
            var output: String
            var codecName: String
            var pixelFormat: String
            var tag: String?
            var audio: String
            var timestampTolerance: Double
        }
        struct Mismatch: Decodable {
            var codec: String
            var output: String
        }
        var codecs: [Codec]
        var containerMismatches: [Mismatch]
    }

    private static let cases: Cases = {
        try! Repository.cases(Cases.self, "codecs.json")
    }()

    /// Two seconds of the sample at half size with a caption from 0.5 s to 1.5 s.
    private func clip(in folder: URL) throws -> (video: String, captions: String) {
        let video = try CLI.smallSample(in: folder)
        let captions = folder.appendingPathComponent("c.json")
        try #"{"segments": [{"start": 0.5, "end": 1.5, "text": "CODEC CHECK"}]}"#.write(to: captions, atomically: true, encoding: .utf8)
        return (video, captions.path)
    }

    /// ffprobe's `entries` of `file`'s first stream of `kind` (v, a), as key=value pairs.
    static func probe(_ file: String, stream kind: String, entries: String) throws -> [String: String] {
        let result = try ProcessRunner.tool(
            "ffprobe", ["-v", "error", "-select_streams", "\(kind):0", "-show_entries", "stream=\(entries)", "-of", "default=nw=1", file])
        XCTAssertEqual(result.status, 0, result.stderr)
        var fields: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return fields
    }

    /// The presentation time of every video frame, in seconds, in order.
    static func frameTimes(_ file: String) throws -> [Double] {
        let result = try ProcessRunner.tool(
            "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "frame=best_effort_timestamp_time", "-of", "csv=p=0", file])
        XCTAssertEqual(result.status, 0, result.stderr)
        // A frame with side data prints a trailing comma; side data lines print nothing.
        return result.stdout.split(separator: "\n").compactMap { line in
            line.split(separator: ",").first.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        }
    }

    /// The luma plane of `file`'s frame at `time` seconds as ffmpeg decodes it, samples as
    /// stored (limited range stays limited): 8-bit (`yuv420p`), or 10-bit little-endian pairs
    /// of bytes (`yuv420p10le`).
    static func luma(_ file: String, at time: Double, format: String = "yuv420p") throws -> [UInt8] {
        let planes = try picture(file, at: time, format: format)
        return Array(planes.prefix(planes.count * 2 / 3))  // 4:2:0: luma is two thirds
    }

    /// The frame at `time` seconds of `file` as ffmpeg decodes it into `format`, raw.
    static func picture(_ file: String, at time: Double, format: String) throws -> [UInt8] {
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent("picture-\(UUID().uuidString).raw")
        defer { try? FileManager.default.removeItem(at: raw) }
        try ProcessRunner.ffmpeg(["-ss", String(time), "-i", file, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", format, raw.path])
        return [UInt8](try Data(contentsOf: raw))
    }

    /// Pixels whose luma differs by more than 60 levels: the caption's fill and outline.
    static func changed(_ a: [UInt8], _ b: [UInt8]) -> Int {
        XCTAssertEqual(a.count, b.count)
        return zip(a, b).filter { abs(Int($0) - Int($1)) > 60 }.count
    }

    func testEveryCodecWritesItsStreamWithTheInputsFramesAndTheCaption() throws {
        let folder = try temporaryFolder()
        let (video, captions) = try clip(in: folder)
        let inputTimes = try Self.frameTimes(video)
        let plain = (before: try Self.luma(video, at: 0.2), during: try Self.luma(video, at: 1.0))
        for item in Self.cases.codecs {
            let name = "\(item.codec) in \(item.output)"
            let output = folder.appendingPathComponent(item.output).path
            let burn = try CLI.burn([video, "--captions", captions, "--codec", item.codec, "--encoder-preset", "ultrafast", "-o", output, "-q"])
            XCTAssertEqual(burn.status, 0, "\(name): \(burn.stderr)")
            let stream = try Self.probe(output, stream: "v", entries: "codec_name,pix_fmt,codec_tag_string,color_primaries")
            XCTAssertEqual(stream["codec_name"], item.codecName, name)
            XCTAssertEqual(stream["pix_fmt"], item.pixelFormat, name)
            XCTAssertEqual(stream["color_primaries"], "bt709", "\(name): the input's colour tags kept")
            if let tag = item.tag { XCTAssertEqual(stream["codec_tag_string"], tag, name) }
            XCTAssertEqual(try Self.probe(output, stream: "a", entries: "codec_name")["codec_name"], item.audio, name)

            let times = try Self.frameTimes(output)
            XCTAssertEqual(times.count, inputTimes.count, "\(name): frame count")
            let worst = zip(times, inputTimes).map { abs($0 - $1) }.max() ?? .infinity
            XCTAssertLessThanOrEqual(worst, item.timestampTolerance, "\(name): timestamps")

            XCTAssertLessThan(Self.changed(try Self.luma(output, at: 0.2), plain.before), 200, "\(name): no caption at 0.2 s")
            XCTAssertGreaterThan(Self.changed(try Self.luma(output, at: 1.0), plain.during), 3000, "\(name): the caption at 1.0 s")
            try FileManager.default.removeItem(atPath: output)
        }
    }

    func testA422TenBitProResInputStays422TenBitWithTheCaptionColoursRight() throws {
        let folder = try temporaryFolder()
        // An untagged camera file (FFmpeg's ProRes encoder writes the frames' tags, here none).
        let input = folder.appendingPathComponent("camera.mov").path
        try ProcessRunner.ffmpeg([
            "-f", "lavfi", "-i", "color=c=0x404040:s=720x1280:d=0.4:r=30", "-c:v", "prores_ks", "-profile:v", "hq", "-pix_fmt",
            "yuv422p10le", input,
        ])
        let captions = folder.appendingPathComponent("c.json")
        try #"{"segments": [{"start": 0, "end": 1, "text": "RED RED RED"}]}"#.write(to: captions, atomically: true, encoding: .utf8)
        for (fill, expected) in [("#FFFFFF", (255.0, 255.0, 255.0)), ("#FF2020", (255.0, 32.0, 32.0)), ("#20A0FF", (32.0, 160.0, 255.0))] {
            let preset = folder.appendingPathComponent("fill.json")
            try String(contentsOf: CLI.root.appendingPathComponent("Presets/tiktok.json"), encoding: .utf8)
                .replacingOccurrences(of: "\"fill\": \"#FFFFFF\"", with: "\"fill\": \"\(fill)\"")
                .write(to: preset, atomically: true, encoding: .utf8)
            let output = folder.appendingPathComponent("out.mov").path
            let burn = try CLI.burn([input, "--captions", captions.path, "--preset", preset.path, "--codec", "prores", "-o", output, "-q"])
            XCTAssertEqual(burn.status, 0, burn.stderr)
            let stream = try Self.probe(output, stream: "v", entries: "pix_fmt,profile,color_space")
            XCTAssertEqual(stream["pix_fmt"], "yuv422p10le")
            XCTAssertEqual(stream["profile"], "HQ")
            XCTAssertEqual(stream["color_space"], "bt709", "the untagged HD input's matrix, as blended, is named")
            // The fill in the output's own samples (no conversion by a reader): the BT.709
            // limited-range Y'CbCr of the colour, within 2/255 of the range (8 at 10 bits).
            let (width, height) = (720, 1280)
            let planes = try Self.picture(output, at: 0.2, format: "yuv422p10le")
            func sample(_ index: Int) -> Int { Int(planes[2 * index]) | Int(planes[2 * index + 1]) << 8 }
            let (r, g, b) = (expected.0 / 255, expected.1 / 255, expected.2 / 255)
            let luma = 0.2126 * r + 0.7152 * g + 0.0722 * b
            let want = (
                y: 64 + 876 * luma, cb: 512 + 896 * (b - luma) / 1.8556, cr: 512 + 896 * (r - luma) / 1.5748
            )
            var matching = 0
            for row in 0..<height {
                for column in 0..<width {
                    let chroma = width * height + row * width / 2 + column / 2
                    let (y, cb, cr) = (sample(row * width + column), sample(chroma), sample(chroma + width * height / 2))
                    if abs(Double(y) - want.y) <= 8 && abs(Double(cb) - want.cb) <= 8 && abs(Double(cr) - want.cr) <= 8 {
                        matching += 1
                    }
                }
            }
            XCTAssertGreaterThan(matching, 500, "\(fill): pixels of the fill's colour (Y'CbCr \(want))")
        }
    }

    func testAContainerThatCannotHoldTheCodecIsAUsageError() throws {
        let folder = try temporaryFolder()
        let (video, captions) = try clip(in: folder)
        for item in Self.cases.containerMismatches {
            let output = folder.appendingPathComponent(item.output).path
            let burn = try CLI.burn([video, "--captions", captions, "--codec", item.codec, "-o", output])
            XCTAssertEqual(burn.status, 2, "\(item.codec) in \(item.output): \(burn.stderr)")
            XCTAssertTrue(burn.stderr.contains("cannot hold the \(item.codec) video"), burn.stderr)
            XCTAssertTrue(burn.stderr.contains("(FFmpeg: "), "the muxer's own reason: \(burn.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        }
    }

    func testAnEncoderWithoutItsDeviceFailsBeforeDecodingNamingWhy() throws {
        let folder = try temporaryFolder()
        let (video, captions) = try clip(in: folder)
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        let output = folder.appendingPathComponent("nv.mp4").path
        let burn = try CLI.burn([video, "--captions", captions, "--encoder", "h264_nvenc", "-o", output])
        try XCTSkipIf(burn.status == 0, "this machine has an NVIDIA GPU: h264_nvenc opened")
        XCTAssertEqual(burn.status, 1, burn.stderr)
        let lines = burn.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, burn.stderr)
        XCTAssertTrue(burn.stderr.contains("h264_nvenc encoder cannot open: "), burn.stderr)
        XCTAssertTrue(burn.stderr.contains("libcuda"), "the reason FFmpeg gave: \(burn.stderr)")
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)), before, "nothing written")
    }

    func testAnUnknownCodecOrEncoderIsAUsageError() throws {
        let folder = try temporaryFolder()
        let (video, captions) = try clip(in: folder)
        let output = folder.appendingPathComponent("o.mp4").path
        for options in [["--codec", "mpeg2"], ["--encoder", "no-such-encoder"], ["--encoder", "libopus"], ["--hdr", "maybe"]] {
            let burn = try CLI.burn([video, "--captions", captions, "-o", output] + options)
            XCTAssertEqual(burn.status, 2, "\(options): \(burn.stderr)")
        }
        // Encoders that take frames on their device only (VAAPI, QSV) say so.
        let vaapi = try CLI.burn([video, "--captions", captions, "-o", output, "--encoder", "h264_vaapi"])
        XCTAssertEqual(vaapi.status, 2, vaapi.stderr)
        XCTAssertTrue(vaapi.stderr.contains("h264_vaapi takes frames on its device"), vaapi.stderr)
    }
}
