import Foundation
import Media
import XCTest

/// End-to-end: the CLI on the bundled samples, checked with ffprobe, ffmpeg and our frame reader.
final class BurnTests: XCTestCase {
    nonisolated(unsafe) static var rendered: URL?

    /// The sample burned once (ultrafast, for speed) and shared by the tests that inspect it.
    private func sampleOutput() throws -> URL {
        if let url = Self.rendered { return url }
        let folder = try CLI.temporaryFolder()
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
            try CLI.tool("ffmpeg", ["-v", "error", "-i", path, "-map", "0:a", "-c", "copy", "-f", "md5", "-"]).stdout
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

    /// The caption area changes only while a caption is on screen (first caption: 0.5 ... 2.029 s).
    func testCaptionAreaChangesOnlyInsideTheCaptionTime() throws {
        let times = [0.2, 1.0, 1.9, 2.25]
        let inside = [false, true, true, false]
        let input = try lumaPlanes(CLI.samples.appendingPathComponent("talk.mp4").path, at: times)
        let output = try lumaPlanes(try sampleOutput().path, at: times)
        // The caption block is centred at the preset's anchor (504, 1152) inside x 120...888.
        for (i, time) in times.enumerated() {
            let difference = output[i].meanDifference(to: input[i], x: 120, y: 1100, width: 768, height: 110)
            if inside[i] {
                XCTAssertGreaterThan(difference, 15, "caption expected at \(time) s")
            } else {
                XCTAssertLessThan(difference, 3, "no caption expected at \(time) s")
            }
            // Far from the caption, only encoding noise.
            XCTAssertLessThan(output[i].meanDifference(to: input[i], x: 0, y: 200, width: 1080, height: 400), 3)
        }
    }

    func testPhoneHEVCMain10ComesOutUprightWithUprightCaptions() throws {
        let folder = try CLI.temporaryFolder()
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

/// Inputs that need more than a copy: audio the container cannot hold, variable frame rate.
final class StreamTests: XCTestCase {
    private let captions = CLI.samples.appendingPathComponent("talk.json").path

    func testPCMAudioIsReencodedToAACForMP4() throws {
        let folder = try CLI.temporaryFolder()
        let input = folder.appendingPathComponent("pcm.mov").path
        let make = try CLI.tool("ffmpeg", [
            "-v", "error", "-i", CLI.samples.appendingPathComponent("talk.mp4").path, "-t", "2", "-c:v", "copy",
            "-c:a", "pcm_s16le", input,
        ])
        XCTAssertEqual(make.status, 0, make.stderr)
        let output = folder.appendingPathComponent("out.mp4").path
        let result = try CLI.burn([input, "--captions", captions, "-o", output, "--x264-preset", "ultrafast"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("re-encoding stream #1 (pcm_s16le) to AAC"), result.stderr)
        XCTAssertEqual(try CLI.probe(output, stream: "a", "codec_name"), "aac")
        let inDuration = Double(try CLI.probe(input, stream: "a", "duration")) ?? 0
        let outDuration = Double(try CLI.probe(output, stream: "a", "duration")) ?? -1
        XCTAssertEqual(outDuration, inDuration, accuracy: 0.05)
    }

    func testVariableFrameRateTimestampsSurvive() throws {
        let folder = try CLI.temporaryFolder()
        let input = folder.appendingPathComponent("vfr.mp4").path
        // 30 fps for the first ten frames, then every third frame: 10 fps.
        let make = try CLI.tool("ffmpeg", [
            "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=320x568:r=30:d=2", "-vf",
            "select='lt(n,10)+not(mod(n,3))'", "-fps_mode", "vfr", "-c:v", "libx264", "-preset", "ultrafast", input,
        ])
        XCTAssertEqual(make.status, 0, make.stderr)
        let output = folder.appendingPathComponent("out.mp4").path
        let result = try CLI.burn([input, "--captions", captions, "-o", output, "--x264-preset", "ultrafast"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let times = { (path: String) in
            try CLI.tool("ffprobe", [
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
        let folder = try CLI.temporaryFolder()
        let input = folder.appendingPathComponent("subs.mp4").path
        let make = try CLI.tool("ffmpeg", [
            "-v", "error", "-i", CLI.samples.appendingPathComponent("talk.mp4").path, "-i",
            CLI.samples.appendingPathComponent("talk.srt").path, "-t", "2", "-map", "0", "-map", "1", "-c:v", "copy",
            "-c:a", "copy", "-c:s", "mov_text", input,
        ])
        XCTAssertEqual(make.status, 0, make.stderr)
        let output = folder.appendingPathComponent("out.mp4").path
        let result = try CLI.burn([input, "--captions", captions, "-o", output, "--x264-preset", "ultrafast"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("\(input): dropping stream #2 (subtitle)"), result.stderr)
        let kinds = try CLI.tool("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", output])
        XCTAssertEqual(kinds.stdout.split(separator: "\n"), ["video", "audio"])
    }
}
