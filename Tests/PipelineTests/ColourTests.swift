import Foundation
import TestSupport
import XCTest

/// Caption colours survive every input: 8-bit and 10-bit BT.709, and BT.601 SD.
final class ColourTests: XCTestCase {
    /// Burns "WHITE" into a grey clip made with `encode` and returns the mean RGB of the
    /// caption's fill (pixels brighter than the background by far), decoded by ffmpeg.
    private func fillColour(size: String, encode: [String], fill: String? = nil) throws -> (Double, Double, Double) {
        let folder = try temporaryFolder()
        let input = folder.appendingPathComponent("in.mp4").path
        let make = try ProcessRunner.tool("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=gray:s=\(size):d=1:r=30"] + encode + [input])
        XCTAssertEqual(make.status, 0, make.stderr)
        let captions = folder.appendingPathComponent("c.json")
        try #"{"segments": [{"start": 0, "end": 1, "text": "WHITE WHITE"}]}"#.write(to: captions, atomically: true, encoding: .utf8)
        var preset = "tiktok"
        if let fill {
            // The tiktok preset with another fill colour.
            let json = try String(contentsOf: CLI.root.appendingPathComponent("Presets/tiktok.json"), encoding: .utf8)
            let file = folder.appendingPathComponent("fill.json")
            try json.replacingOccurrences(of: "\"fill\": \"#FFFFFF\"", with: "\"fill\": \"\(fill)\"")
                .write(to: file, atomically: true, encoding: .utf8)
            preset = file.path
        }
        let output = folder.appendingPathComponent("out.mp4").path
        let burn = try CLI.burn([
            input, "--captions", captions.path, "-o", output, "--crf", "4", "--x264-preset", "ultrafast", "--preset", preset,
        ])
        XCTAssertEqual(burn.status, 0, burn.stderr)
        let raw = folder.appendingPathComponent("frame.rgb").path
        let decode = try ProcessRunner.tool("ffmpeg", ["-v", "error", "-ss", "0.5", "-i", output, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", raw])
        XCTAssertEqual(decode.status, 0, decode.stderr)
        let pixels = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
        var sum = (0.0, 0.0, 0.0)
        var count = 0.0
        // Fill pixels: the brightest red channel, far from the grey background and the black outline.
        for p in stride(from: 0, to: pixels.count, by: 3) where pixels[p] > 230 && abs(Int(pixels[p]) - 128) > 60 {
            sum = (sum.0 + Double(pixels[p]), sum.1 + Double(pixels[p + 1]), sum.2 + Double(pixels[p + 2]))
            count += 1
        }
        XCTAssertGreaterThan(count, 300, "caption fill pixels")
        return (sum.0 / count, sum.1 / count, sum.2 / count)
    }

    func testTenBitAndEightBitGiveTheSameCaptionColours() throws {
        let tags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"]
        let eight = try fillColour(size: "720x1280", encode: ["-c:v", "libx264", "-pix_fmt", "yuv420p"] + tags)
        let ten = try fillColour(size: "720x1280", encode: ["-c:v", "libx265", "-pix_fmt", "yuv420p10le", "-x265-params", "log-level=error"] + tags)
        XCTAssertEqual(eight.0, ten.0, accuracy: 2)
        XCTAssertEqual(eight.1, ten.1, accuracy: 2)
        XCTAssertEqual(eight.2, ten.2, accuracy: 2)
        XCTAssertGreaterThan(min(eight.0, eight.1, eight.2), 250, "white stays white")
    }

    func testTenBitAndEightBitGiveTheSameSaturatedColour() throws {
        let tags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"]
        let eight = try fillColour(size: "720x1280", encode: ["-c:v", "libx264", "-pix_fmt", "yuv420p"] + tags, fill: "#FF2020")
        let ten = try fillColour(
            size: "720x1280", encode: ["-c:v", "libx265", "-pix_fmt", "yuv420p10le", "-x265-params", "log-level=error"] + tags,
            fill: "#FF2020")
        XCTAssertEqual(eight.0, ten.0, accuracy: 2)
        XCTAssertEqual(eight.1, ten.1, accuracy: 2)
        XCTAssertEqual(eight.2, ten.2, accuracy: 2)
        XCTAssertEqual(eight.1, 32, accuracy: 6, "the fill's green stays near 0x20")
    }

    func testStandardDefinitionBT601KeepsWhiteWhite() throws {
        let sd = try fillColour(
            size: "360x640",
            encode: ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-colorspace", "smpte170m", "-color_primaries", "smpte170m", "-color_trc", "smpte170m"])
        XCTAssertGreaterThan(min(sd.0, sd.1, sd.2), 250)
        XCTAssertLessThan(max(sd.0, sd.1, sd.2) - min(sd.0, sd.1, sd.2), 3, "no tint")
    }
}
