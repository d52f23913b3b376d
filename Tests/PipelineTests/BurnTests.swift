import CaptionFiles
import Captions
import Files
import Foundation
import Media
import TestSupport
import XCTest

/// End-to-end: the CLI on the bundled samples, checked with ffprobe, ffmpeg and our frame reader.
final class BurnTests: XCTestCase {
    nonisolated(unsafe) static var rendered: URL?

    override class func tearDown() {
        if let url = rendered { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        super.tearDown()
    }

    /// The sample burned once (ultrafast, for speed) and shared by the tests that inspect it.
    private func sampleOutput() throws -> URL {
        if let url = Self.rendered { return url }
        let folder = try TemporaryFolder.make(prefix: "burn-captions-tests")
        let output = folder.appendingPathComponent("talk-captioned.mp4")
        let result = try CLI.burn([
            CLI.samples.appendingPathComponent("talk.mp4").path, "--captions",
            CLI.samples.appendingPathComponent("talk.json").path, "--preset", "tiktok", "-o", output.path,
            "--x264-preset", "ultrafast",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("wrote \(output.path) (1080x1920"), result.stderr)
        Self.rendered = output
        return output
    }

    func testOutputIsH264WithEveryFrameAndTheSameAudio() throws {
        let output = try sampleOutput().path
        let input = CLI.samples.appendingPathComponent("talk.mp4").path
        XCTAssertEqual(try CLI.probe(output, stream: "v", "codec_name"), "h264")
        XCTAssertEqual(try CLI.probe(output, stream: "v", "pix_fmt"), "yuv420p")
        XCTAssertEqual(try CLI.probe(output, stream: "v", "width,height"), "1080\n1920")
        XCTAssertEqual(try CLI.probe(output, stream: "v", "color_space"), "bt709")
        let frames = try CLI.probe(output, stream: "v", "nb_read_packets", countFrames: true)
        XCTAssertEqual(frames, try CLI.probe(input, stream: "v", "nb_read_packets", countFrames: true))
        let outDuration = Double(try CLI.probe(output, stream: "v", "duration")) ?? 0
        let inDuration = Double(try CLI.probe(input, stream: "v", "duration")) ?? -1
        XCTAssertEqual(outDuration, inDuration, accuracy: 1.0 / 30)
        let md5 = { (path: String) in
            try ProcessRunner.tool("ffmpeg", ["-v", "error", "-i", path, "-map", "0:a", "-c", "copy", "-f", "md5", "-"]).stdout
        }
        let audio = try md5(input)
        XCTAssertTrue(audio.hasPrefix("MD5="), audio)
        XCTAssertEqual(try md5(output), audio)
    }

    func testIndexIsAtTheFrontForStreaming() throws {
        let data = try Data(contentsOf: try sampleOutput(), options: .alwaysMapped)
        let moov = data.range(of: Data("moov".utf8))!.lowerBound
        let mdat = data.range(of: Data("mdat".utf8))!.lowerBound
        XCTAssertLessThan(moov, mdat, "faststart puts moov before mdat")
    }

    /// Every frame of the first two seconds: the caption area differs from the input exactly
    /// while the first caption is on screen, by the frames' own clock.
    func testCaptionAreaChangesOnlyInsideTheCaptionTime() throws {
        try CaptionTiming.check(output: try sampleOutput().path, input: CLI.samples.appendingPathComponent("talk.mp4").path)
    }

    func testPhoneHEVCMain10ComesOutUprightWithUprightCaptions() throws {
        let folder = try temporaryFolder()
        let output = folder.appendingPathComponent("phone.mp4").path
        let result = try CLI.burn([
            CLI.samples.appendingPathComponent("phone-hevc10-rot90.mp4").path, "--captions",
            CLI.samples.appendingPathComponent("talk.json").path, "-o", output, "--x264-preset", "ultrafast",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try CLI.probe(output, stream: "v", "width,height"), "1080\n1920")
        XCTAssertEqual(try CLI.probe(output, stream: "v", "pix_fmt"), "yuv420p")
        let planes = try lumaPlanes(output, at: [1.0])
        let luma = planes[0]
        XCTAssertEqual(Double(luma.values[140 * luma.width + 140]), 63, accuracy: 4, "red square top-left")
        XCTAssertEqual(Double(luma.values[1780 * luma.width + 940]), 32, accuracy: 4, "blue square bottom-right")
        // Caption pixels (far from the grey 126) form a block wider than tall around the anchor: upright text.
        var minX = Int.max, maxX = 0, minY = Int.max, maxY = 0
        for y in 300..<1600 {
            for x in 0..<luma.width where abs(Int(luma.values[y * luma.width + x]) - 126) > 40 {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        XCTAssertGreaterThan(maxX - minX, 3 * (maxY - minY), "text runs horizontally")
        XCTAssertEqual(Double(minY + maxY) / 2, 1152, accuracy: 40)
    }

    /// Luma of the frames nearest each time (times ascending).
    private func lumaPlanes(_ path: String, at times: [Double]) throws -> [LumaPlane] {
        var planes: [LumaPlane] = []
        try FrameReader(path: path).forEachFrame { time, luma in
            if time + 1.0 / 60 >= times[planes.count] { planes.append(luma) }
            return planes.count < times.count
        }
        XCTAssertEqual(planes.count, times.count)
        return planes
    }
}

/// Compares the caption area of an output with its input frame by frame.
enum CaptionTiming {
    /// The box around the tiktok anchor (504, 1152) inside the safe area x 120...888.
    static let box = (x: 120, y: 1100, width: 768, height: 110)

    static func check(output: String, input: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let first = try XCTUnwrap(
            CaptionReader.read(CLI.samples.appendingPathComponent("talk.json")).segments.first)
        let end = first.end + 0.3
        let inputBoxes = try boxes(input, until: end)
        let outputBoxes = try boxes(output, until: end)
        XCTAssertEqual(inputBoxes.count, outputBoxes.count, file: file, line: line)
        var inside = 0
        for (out, original) in zip(outputBoxes, inputBoxes) {
            let difference = out.luma.meanDifference(to: original.luma, x: 0, y: 0, width: box.width, height: box.height)
            if out.time >= first.start && out.time < first.end {
                inside += 1
                XCTAssertGreaterThan(difference, 15, "caption expected at \(out.time) s", file: file, line: line)
            } else {
                XCTAssertLessThan(difference, 3, "no caption expected at \(out.time) s", file: file, line: line)
            }
        }
        XCTAssertGreaterThan(inside, 30, file: file, line: line)
    }

    /// The caption box of every frame up to `end` seconds.
    private static func boxes(_ path: String, until end: Double) throws -> [(time: Double, luma: LumaPlane)] {
        var result: [(Double, LumaPlane)] = []
        try FrameReader(path: path).forEachFrame { time, luma in
            var values: [UInt8] = []
            values.reserveCapacity(box.width * box.height)
            for row in box.y..<(box.y + box.height) {
                let start: Int = row * luma.width + box.x
                values.append(contentsOf: luma.values[start..<(start + box.width)])
            }
            result.append((time, LumaPlane(width: box.width, height: box.height, values: values)))
            return time < end
        }
        return result
    }
}
