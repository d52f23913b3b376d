import Foundation
import Media
import TestSupport
import XCTest

/// HDR inputs: HLG and PQ kept in 10 bits with their tags and metadata, the caption's white
/// at BT.2408 graphics white (75% HLG, 58% PQ), and tone-mapped to SDR for H.264.
final class HDRTests: XCTestCase {
    private static let hlgTags = ["-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc"]
    private static let pqTags = ["-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc"]
    /// HDR10 static metadata as a grading monitor writes it: P3 primaries, 1000 cd/m² peak.
    private static let pqMetadata = "master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,50):max-cll=1000,400"

    /// A grey 720x1280 picture for two seconds.
    private static let grey = "color=c=0x303030:s=720x1280:d=2:r=30"

    /// A 2-second 10-bit HEVC clip of `picture` (a lavfi graph) with `tags`, and captions
    /// "WHITE WHITE" from 0.5 s to 1.5 s.
    private func clip(_ picture: String, tags: [String], x265: String = "", in folder: URL) throws -> (String, String) {
        let video = folder.appendingPathComponent("hdr.mp4").path
        try ProcessRunner.ffmpeg(
            ["-f", "lavfi", "-i", picture] + ["-c:v", "libx265", "-preset", "ultrafast", "-pix_fmt", "yuv420p10le"]
                + ["-x265-params", "log-level=error" + (x265.isEmpty ? "" : ":hdr10=1:" + x265)] + tags + [video])
        let captions = folder.appendingPathComponent("c.json")
        try #"{"segments": [{"start": 0.5, "end": 1.5, "text": "WHITE WHITE"}]}"#.write(to: captions, atomically: true, encoding: .utf8)
        return (video, captions.path)
    }

    /// The most common 10-bit luma among pixels at or above `floor` in the frame at 1.0 s: the caption's fill.
    private func fillLuma(_ file: String, above floor: Int) throws -> (value: Int, count: Int) {
        let bytes = try CodecTests.luma(file, at: 1.0, format: "yuv420p10le")
        var counts: [Int: Int] = [:]
        for i in stride(from: 0, to: bytes.count - 1, by: 2) {
            let value = Int(bytes[i]) | Int(bytes[i + 1]) << 8
            if value >= floor { counts[value, default: 0] += 1 }
        }
        let top = counts.max { $0.value < $1.value } ?? (key: 0, value: 0)
        return (top.key, counts.values.reduce(0, +))
    }

    func testHLGStaysTenBitWithItsTagsAndWhiteAtSeventyFivePercent() throws {
        let folder = try temporaryFolder()
        let (video, captions) = try clip(Self.grey, tags: Self.hlgTags, in: folder)
        let output = folder.appendingPathComponent("out.mp4").path
        let burn = try CLI.burn([video, "--captions", captions, "--codec", "hevc", "--crf", "4", "--encoder-preset", "ultrafast", "-o", output])
        XCTAssertEqual(burn.status, 0, burn.stderr)
        XCTAssertTrue(burn.stderr.contains("HLG HDR kept"), burn.stderr)
        let stream = try CodecTests.probe(output, stream: "v", entries: "pix_fmt,color_primaries,color_transfer,color_space")
        XCTAssertEqual(stream["pix_fmt"], "yuv420p10le")
        XCTAssertEqual(stream["color_primaries"], "bt2020")
        XCTAssertEqual(stream["color_transfer"], "arib-std-b67")
        XCTAssertEqual(stream["color_space"], "bt2020nc")
        let fill = try fillLuma(output, above: 600)
        XCTAssertGreaterThan(fill.count, 500, "caption fill pixels")
        XCTAssertEqual(Double(fill.value), 721, accuracy: 18, "75% of 64...940, not the peak (940)")
    }

    func testPQKeepsItsMetadataAndPutsWhiteAtFiftyEightPercent() throws {
        let folder = try temporaryFolder()
        let (video, captions) = try clip(Self.grey, tags: Self.pqTags, x265: Self.pqMetadata, in: folder)
        let output = folder.appendingPathComponent("out.mkv").path
        let burn = try CLI.burn([video, "--captions", captions, "--codec", "hevc", "--crf", "4", "--encoder-preset", "ultrafast", "-o", output])
        XCTAssertEqual(burn.status, 0, burn.stderr)
        let frames = try ProcessRunner.tool(
            "ffprobe", ["-v", "error", "-select_streams", "v:0", "-read_intervals", "%+#1", "-show_frames", output])
        XCTAssertEqual(frames.status, 0, frames.stderr)
        for expected in [
            "side_data_type=Mastering display metadata", "red_x=34000/50000", "green_y=34500/50000", "white_point_x=15635/50000",
            "max_luminance=10000000/10000", "min_luminance=50/10000", "max_content=1000", "max_average=400",
            "color_transfer=smpte2084",
        ] {
            XCTAssertTrue(frames.stdout.contains(expected), "frame 0 lacks \(expected)")
        }
        let fill = try fillLuma(output, above: 450)
        XCTAssertGreaterThan(fill.count, 500, "caption fill pixels")
        XCTAssertEqual(Double(fill.value), 572, accuracy: 18, "58% of 64...940")
    }

    func testHLGWithH264IsToneMappedToSDRWithCaptionsAtPeakWhite() throws {
        let folder = try temporaryFolder()
        // A horizontal grey ramp over the whole width.
        let (ramp, captions) = try clip(
            "nullsrc=s=720x1280:d=2:r=30,geq=lum='16+X*219/W':cb=128:cr=128", tags: Self.hlgTags, in: folder)
        let output = folder.appendingPathComponent("out.mp4").path
        let burn = try CLI.burn([ramp, "--captions", captions, "--crf", "4", "--encoder-preset", "ultrafast", "-o", output])
        XCTAssertEqual(burn.status, 0, burn.stderr)
        XCTAssertTrue(burn.stderr.contains("HLG HDR input tone-mapped to SDR BT.709"), "a notice: \(burn.stderr)")
        XCTAssertTrue(burn.stderr.contains("(--codec hevc, av1 or vp9 keeps HDR in 10 bits)"), burn.stderr)
        let stream = try CodecTests.probe(output, stream: "v", entries: "pix_fmt,color_primaries,color_transfer,color_space")
        XCTAssertEqual(stream["pix_fmt"], "yuv420p")
        XCTAssertEqual(stream["color_primaries"], "bt709")
        XCTAssertEqual(stream["color_transfer"], "bt709")
        XCTAssertEqual(stream["color_space"], "bt709")

        let plain = try CodecTests.luma(output, at: 0.2)
        // The ramp, row 100 (above any caption), in means of 16 columns: never falls.
        let row = Array(plain[(100 * 720)..<(101 * 720)])
        let means = stride(from: 0, to: 720, by: 16).map { start in Double(row[start..<(start + 16)].map(Int.init).reduce(0, +)) / 16 }
        for (a, b) in zip(means, means.dropFirst()) { XCTAssertLessThanOrEqual(a, b + 0.5, "the ramp stays monotonic: \(means)") }
        XCTAssertGreaterThan(means.last! - means.first!, 100, "the ramp keeps its range: \(means)")

        // The caption's fill: pixels the caption changed that are bright, at SDR peak white (235).
        let captioned = try CodecTests.luma(output, at: 1.0)
        var counts: [Int: Int] = [:]
        for (a, b) in zip(captioned, plain) where Int(a) - Int(b) > 30 && a > 200 { counts[Int(a), default: 0] += 1 }
        let top = counts.max { $0.value < $1.value }
        XCTAssertGreaterThan(counts.values.reduce(0, +), 500, "caption fill pixels")
        XCTAssertEqual(Double(top?.key ?? 0), 235, accuracy: 3, "white is SDR peak white")
    }

    /// A still of an HDR input is the frame tone-mapped as `--hdr sdr` renders it (a PNG is
    /// SDR): a PQ grey of half the signal (about 92 cd/m²) matches that render's grey, not the
    /// signal read as sRGB (128).
    func testAStillOfAnHDRInputIsToneMappedAsTheSDRRender() throws {
        let folder = try temporaryFolder()
        let (video, captions) = try clip("color=c=0x808080:s=720x1280:d=2:r=30", tags: Self.pqTags, in: folder)
        let still = folder.appendingPathComponent("still.png").path
        let made = try CLI.burn(["still", video, "--captions", captions, "--at", "0.2", "-o", still])
        XCTAssertEqual(made.status, 0, made.stderr)
        let image = try PNGDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: still))), file: still)
        let centre = image.pixels[(image.height / 2 * image.width + image.width / 2) * 3]
        let output = folder.appendingPathComponent("sdr.mp4").path
        let burn = try CLI.burn([video, "--captions", captions, "--hdr", "sdr", "--encoder-preset", "ultrafast", "-o", output])
        XCTAssertEqual(burn.status, 0, burn.stderr)
        let frame = folder.appendingPathComponent("frame.png").path
        try ProcessRunner.ffmpeg(["-ss", "0.2", "-i", output, "-frames:v", "1", frame])
        let rendered = try PNGDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: frame))), file: frame)
        let expected = rendered.pixels[(rendered.height / 2 * rendered.width + rendered.width / 2) * 3]
        XCTAssertEqual(Double(centre), Double(expected), accuracy: 3, "the still's grey against the SDR render's")
        XCTAssertGreaterThan(abs(Int(centre) - 0x80), 16, "not the PQ signal itself")
    }

    func testHDRSDROverridesTheCodecsDefault() throws {
        let folder = try temporaryFolder()
        let (video, captions) = try clip(Self.grey, tags: Self.hlgTags, in: folder)
        let output = folder.appendingPathComponent("out.mp4").path
        let burn = try CLI.burn([video, "--captions", captions, "--codec", "hevc", "--hdr", "sdr", "--encoder-preset", "ultrafast", "-o", output])
        XCTAssertEqual(burn.status, 0, burn.stderr)
        let stream = try CodecTests.probe(output, stream: "v", entries: "pix_fmt,color_transfer")
        XCTAssertEqual(stream["pix_fmt"], "yuv420p")
        XCTAssertEqual(stream["color_transfer"], "bt709")
        // The hint names what this user changes back: HEVC keeps HDR with --hdr keep.
        XCTAssertTrue(burn.stderr.contains("(--hdr keep keeps HDR in 10 bits)"), burn.stderr)
        XCTAssertFalse(burn.stderr.contains("--codec hevc, av1 or vp9"), burn.stderr)
    }
}
