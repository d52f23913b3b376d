import Foundation
import TestSupport
import XCTest

/// `--overlay-only`: the captions alone with straight alpha (ProRes 4444, VP9 with alpha, PNG
/// sequence), transparent outside the captions' boxes, and, laid over the input with FFmpeg's
/// overlay filter, the picture a lossless burn gives.
final class OverlayTests: XCTestCase {
    /// Two seconds of the sample at half size, two captions, and their boxes and midpoints from `plan`.
    private func clip(in folder: URL) throws -> (video: String, captions: String, boxes: [(x: Int, y: Int, w: Int, h: Int)], times: [Double]) {
        let video = try CLI.smallSample(in: folder)
        let captions = folder.appendingPathComponent("c.json")
        try #"{"segments": [{"start": 0.2, "end": 0.9, "text": "FIRST OVERLAY"}, {"start": 1.1, "end": 1.8, "text": "and the second one"}]}"#
            .write(to: captions, atomically: true, encoding: .utf8)
        let plan = try CLI.burn(["plan", video, "--captions", captions.path])
        XCTAssertEqual(plan.status, 0, plan.stderr)
        let document = try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as! [String: Any]
        let planned = document["captions"] as! [[String: Any]]
        let boxes = planned.map { caption -> (x: Int, y: Int, w: Int, h: Int) in
            let box = caption["box"] as! [String: Any]
            let number = { (key: String) in Int(((box[key] as! NSNumber).doubleValue).rounded(.down)) }
            return (number("x"), number("y"), number("width") + 2, number("height") + 2)
        }
        let times = planned.map { (($0["start"] as! NSNumber).doubleValue + ($0["end"] as! NSNumber).doubleValue) / 2 }
        return (video, captions.path, boxes, times)
    }

    /// The raw bytes ffmpeg gives for the frame at `time` of `inputs` through `filter`, as `format`.
    private func raw(_ inputs: [String], filter: String?, at time: Double, format: String) throws -> [UInt8] {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-\(UUID().uuidString).raw")
        defer { try? FileManager.default.removeItem(at: out) }
        try ProcessRunner.ffmpeg(
            inputs + (filter.map { ["-filter_complex", $0] } ?? []) + ["-ss", String(time), "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", format, out.path])
        return [UInt8](try Data(contentsOf: out))
    }

    /// The decoder options that keep a format's alpha (FFmpeg's own VP9 decoder drops it).
    private func decoding(_ file: String) -> [String] {
        (file.hasSuffix(".webm") ? ["-c:v", "libvpx-vp9"] : []) + ["-i", file]
    }

    /// Checks the alpha of frame `time` of `file`: 0 outside `box`, above 0 for many pixels inside.
    private func checkAlpha(_ file: String, at time: Double, box: (x: Int, y: Int, w: Int, h: Int), width: Int, name: String) throws {
        let alpha = try raw(decoding(file), filter: "alphaextract", at: time, format: "gray")
        var outside = 0
        var inside = 0
        for (i, a) in alpha.enumerated() where a > 0 {
            let (x, y) = (i % width, i / width)
            if x >= box.x && x < box.x + box.w && y >= box.y && y < box.y + box.h { inside += 1 } else { outside += 1 }
        }
        XCTAssertEqual(outside, 0, "\(name) at \(time) s: alpha outside the caption's box")
        XCTAssertGreaterThan(inside, 2000, "\(name) at \(time) s: the caption's alpha")
    }

    func testOverlaysAreTransparentOutsideTheCaptionsAndMatchTheBurnWhenLaidOver() throws {
        let folder = try temporaryFolder()
        let (video, captions, boxes, times) = try clip(in: folder)
        let burn = folder.appendingPathComponent("burn.mp4").path
        let burned = try CLI.burn([video, "--captions", captions, "--crf", "0", "--encoder-preset", "ultrafast", "-o", burn, "-q"])
        XCTAssertEqual(burned.status, 0, burned.stderr)
        let (width, height) = CLI.smallSampleSize
        for name in ["overlay.mov", "overlay.webm"] {
            let output = folder.appendingPathComponent(name).path
            let result = try CLI.burn([video, "--captions", captions, "--overlay-only", "--crf", "0", "-o", output, "-q"])
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            XCTAssertEqual(try CodecTests.frameTimes(output).count, try CodecTests.frameTimes(video).count, "\(name): frames")
            XCTAssertEqual(try CodecTests.probe(output, stream: "a", entries: "codec_name")["codec_name"], nil, "\(name): no audio")
            for (box, time) in zip(boxes, times) {
                try checkAlpha(output, at: time, box: box, width: width, name: name)
                // The overlay over the input, against the lossless burn: each plane's 99.9th
                // percentile difference at most 2/255.
                let laid = try raw(["-i", video] + decoding(output), filter: "[0:v][1:v]overlay", at: time, format: "yuv420p")
                let expected = try raw(["-i", burn], filter: nil, at: time, format: "yuv420p")
                let plain = try raw(["-i", video], filter: nil, at: time, format: "yuv420p")
                XCTAssertEqual(laid.count, expected.count)
                let luma = width * height
                let planes = [0..<luma, luma..<(luma * 5 / 4), (luma * 5 / 4)..<(luma * 3 / 2)]
                for (index, plane) in planes.enumerated() {
                    let differences = plane.map { abs(Int(laid[$0]) - Int(expected[$0])) }.sorted()
                    let percentile = differences[Int(Double(differences.count - 1) * 0.999)]
                    XCTAssertLessThanOrEqual(percentile, 2, "\(name) at \(time) s, plane \(index)")
                }
                XCTAssertGreaterThan(CodecTests.changed(expected, plain), 3000, "the burn shows the caption at \(time) s")
            }
        }
    }

    func testAPNGSequenceHasOnePictureAFrameWithStraightAlpha() throws {
        let folder = try temporaryFolder()
        let (video, captions, boxes, times) = try clip(in: folder)
        // A white outline: its antialiased outer edge is white at partial alpha when straight,
        // grey when premultiplied.
        let preset = folder.appendingPathComponent("white-outline.json")
        try String(contentsOf: CLI.root.appendingPathComponent("Presets/tiktok.json"), encoding: .utf8)
            .replacingOccurrences(of: ##""color": "#000000""##, with: ##""color": "#FFFFFF""##)
            .write(to: preset, atomically: true, encoding: .utf8)
        let pattern = folder.appendingPathComponent("caps_%05d.png").path
        let result = try CLI.burn([video, "--captions", captions, "--preset", preset.path, "--overlay-only", "-o", pattern, "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("caps_") }.sorted()
        let frameCount = try CodecTests.frameTimes(video).count
        XCTAssertEqual(files.count, frameCount)
        XCTAssertEqual(files.first, "caps_00001.png")
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.contains(".partial-") }, "no temporary folder left")
        // Frame k of the sequence is the video's frame at k / 30 s.
        let frame = Int((times[0] * 30).rounded(.down))
        let picture = folder.appendingPathComponent(files[frame]).path
        let rgba = try raw(["-i", picture], filter: nil, at: 0, format: "rgba")
        var inside = 0
        var white = 0
        for i in stride(from: 0, to: rgba.count, by: 4) where rgba[i + 3] > 0 {
            let (x, y) = ((i / 4) % CLI.smallSampleSize.width, (i / 4) / CLI.smallSampleSize.width)
            let box = boxes[0]
            XCTAssertTrue(x >= box.x && x < box.x + box.w && y >= box.y && y < box.y + box.h, "alpha at \(x),\(y) outside the box")
            inside += 1
            // Straight alpha: a half-covered white pixel is still white.
            if rgba[i + 3] < 200 {
                XCTAssertGreaterThan(min(rgba[i], rgba[i + 1], rgba[i + 2]), 245, "straight white at alpha \(rgba[i + 3])")
                white += 1
            }
        }
        XCTAssertGreaterThan(inside, 2000)
        XCTAssertGreaterThan(white, 100, "edge pixels of the white outline keep their colour (not premultiplied)")
    }

    func testOverlayOnlyTakesOnlyItsFormats() throws {
        let folder = try temporaryFolder()
        let (video, captions, _, _) = try clip(in: folder)
        for name in ["x.mp4", "x.png", "x.mkv"] {
            let result = try CLI.burn([video, "--captions", captions, "--overlay-only", "-o", folder.appendingPathComponent(name).path])
            XCTAssertEqual(result.status, 2, "\(name): \(result.stderr)")
        }
    }
}
