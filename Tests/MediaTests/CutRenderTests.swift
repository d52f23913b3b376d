import Foundation
import TestSupport
import XCTest

@testable import Media

/// A cut render (issue 60) renders only the kept ranges: every picture is the source frame it
/// should be (FFmpeg's own `select` of the kept frames gives the same `framemd5`), the sound
/// lasts as long as the picture and plays the same moments, no join steps, long cuts are
/// sought over, and the captions are asked for on the cut timeline. Cases:
/// `Tests/Cases/cut-renders.json`.
final class CutRenderTests: XCTestCase {
    struct Clip: Decodable {
        var name: String
        var rate: String  // frames per second, "30" or "30000/1001"
        var seconds: Int
        var container: String
        var audio: String  // "chirp", "loud" (a tone, quiet and loud by turns), "none"
        var tenBit: Bool
        var gop: Int  // frames between keyframes
        var preset: String?  // x264's, ultrafast (no B-frames) when nil
    }

    struct Render: Decodable {
        var name: String
        var clip: String
        var kept: [[Int]]  // [first frame, frame after the last]
        var outputs: [String]  // "container:codec"
        var seeks: Bool
        /// Whether the cut frames no other frame refers to are skipped (B-frames in the cuts).
        var bFramesSkipped: Bool?
    }

    struct Cases: Decodable {
        var clips: [Clip]
        var renders: [Render]
    }

    /// Makes `clip` with ffmpeg in `folder`: testsrc2 at its rate, and its sound: two chirps
    /// on the first channel, whose sum repeats only after a second (so 10 ms of it are found
    /// in one place), and one on the second; or two tones (250 and 331 Hz, likewise) quiet
    /// for a second and 20 dB louder for the next (50 ms ramps between), in mono.
    private func make(_ clip: Clip, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("\(clip.name).\(clip.container)").path
        let d = clip.seconds
        var arguments = ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=\(clip.rate):duration=\(d)"]
        switch clip.audio {
        case "chirp":
            arguments += [
                "-f", "lavfi", "-i",
                "aevalsrc=exprs='0.2*sin(2*PI*(220*t+30*t*t))+0.2*sin(2*PI*(331*t+20*t*t))|0.4*sin(2*PI*(330*t+20*t*t))'"
                    + ":s=48000:d=\(d)",
            ]
        case "loud":
            arguments += [
                "-f", "lavfi", "-i",
                "aevalsrc=exprs='(0.5*sin(2*PI*250*t)+0.3*sin(2*PI*331*t))"
                    + "*(0.1+0.9*clip(min(mod(t,2)-1,2-mod(t,2))/0.05,0,1))':s=48000:d=\(d)",
            ]
        default: break
        }
        arguments += ["-c:v", "libx264", "-preset", clip.preset ?? "ultrafast", "-g", "\(clip.gop)"]
        arguments += ["-pix_fmt", clip.tenBit ? "yuv420p10le" : "yuv420p"]
        if clip.audio != "none" { arguments += ["-c:a", "aac", "-b:a", "192k"] }
        try ProcessRunner.ffmpeg(arguments + [path])
        return path
    }

    /// What a render gave: its files and the times each output's overlay was asked for.
    private struct Rendered {
        var files: [String]
        var overlayTimes: [[Double]]
        var seeks: Int
        var decoded: Int  // video frames
        var summaries: [TranscodeSummary]
    }

    private func render(_ input: String, kept: KeptRanges, outputs: [String], in folder: URL) throws -> Rendered {
        final class Times: @unchecked Sendable { var values: [[Double]] = [] }
        let times = Times()
        times.values = Array(repeating: [], count: outputs.count)
        var files: [String] = []
        var renderOutputs: [RenderOutput<RenderTarget>] = []
        for (index, output) in outputs.enumerated() {
            let parts = output.split(separator: ":").map(String.init)
            let file = folder.appendingPathComponent("cut\(index).\(parts[0])").path
            files.append(file)
            let settings = EncoderSettings(crf: 0, preset: "ultrafast", threads: 1, codec: VideoCodec(rawValue: parts[1])!)
            renderOutputs.append(
                RenderOutput(target: .file(path: file, finalPath: file, settings: settings)) { time in
                    times.values[index].append(time)
                    return nil
                })
        }
        let before = MediaCounters.current
        let transcoder = try Transcoder(input: try MediaInput(path: input), kept: kept)
        let results = try transcoder.run(outputs: renderOutputs)
        let summaries = try results.map { try $0.get() }
        let counts = MediaCounters.current.since(before)
        return Rendered(
            files: files, overlayTimes: times.values, seeks: counts.cutSeeks, decoded: counts.videoFramesDecoded,
            summaries: summaries)
    }

    /// The source time of the clip's first frame (MPEG-TS starts later than its audio). // seconds
    private func firstFrameTime(_ path: String) throws -> Double {
        var first = 0.0
        try FrameReader(path: path).forEachFrame { time, _ in
            first = time
            return false
        }
        return first
    }

    func testCutRendersKeepTheRightFramesAndSound() throws {
        let cases = try Repository.cases(Cases.self, "cut-renders.json")
        let folder = try temporaryFolder()
        var clips: [String: (clip: Clip, path: String)] = [:]
        for clip in cases.clips { clips[clip.name] = (clip, try make(clip, in: folder)) }
        for (index, render) in cases.renders.enumerated() {
            let (clip, path) = try XCTUnwrap(clips[render.clip], render.name)
            let out = folder.appendingPathComponent("render\(index)")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            try check(render, clip: clip, path: path, in: out)
        }
    }

    private func check(_ cut: Render, clip: Clip, path: String, in folder: URL) throws {
        let rate = clip.rate.split(separator: "/").map { Double($0)! }
        let frameDuration = rate.count == 2 ? rate[1] / rate[0] : 1 / rate[0]
        let first = try firstFrameTime(path)
        let kept = try KeptRanges(cut.kept.map { first + Double($0[0]) * frameDuration...first + Double($0[1]) * frameDuration })
        let frames = cut.kept.reduce(0) { $0 + $1[1] - $1[0] }
        let rendered = try render(path, kept: kept, outputs: cut.outputs, in: folder)
        let name = cut.name
        // The pictures: FFmpeg's own selection of the kept frames, hash for hash.
        let select = cut.kept.map { "between(n,\($0[0]),\($0[1] - 1))" }.joined(separator: "+")
        let expected = try CutRenderChecks.pictureHashes(path, select: select)
        XCTAssertEqual(expected.count, frames, name)
        for (file, times) in zip(rendered.files, rendered.overlayTimes) {
            let hashes = try CutRenderChecks.pictureHashes(file)
            XCTAssertEqual(hashes.count, frames, "\(name): \(file)")
            XCTAssertEqual(hashes, expected, "\(name): \(file) shows the kept frames")
            // The captions are asked for on the cut timeline: frame i at i frames' time.
            XCTAssertEqual(times.count, frames, name)
            // (Within 2 ms: Matroska's clock counts milliseconds.)
            for (i, time) in times.enumerated() where abs(time - Double(i) * frameDuration) > 0.002 {
                XCTFail("\(name): frame \(i) asked for its captions at \(time) s, not \(Double(i) * frameDuration) s")
                break
            }
            let videoSeconds = Double(hashes.count) * frameDuration
            XCTAssertEqual(videoSeconds, kept.duration, accuracy: frameDuration, name)
            XCTAssertEqual(try CutRenderChecks.duration(file), kept.duration, accuracy: frameDuration, "\(name): \(file)")
            if clip.audio != "none" {
                try checkSound(
                    file, source: path, kept: kept, video: videoSeconds, frame: frameDuration, name: "\(name): \(file)")
            }
        }
        XCTAssertEqual(rendered.summaries.map(\.frames), rendered.files.map { _ in frames }, name)
        if cut.seeks {
            XCTAssertGreaterThan(rendered.seeks, 0, "\(name): the long cut is sought over")
            let all = Int((Double(clip.seconds) / frameDuration).rounded(.down))
            XCTAssertLessThan(rendered.decoded, all, "\(name): the seek saved decoding")
        } else {
            XCTAssertEqual(rendered.seeks, 0, "\(name): no cut is long enough to seek over")
        }
        if cut.bFramesSkipped == true {
            // Every frame up to the last kept one is read; those cut that no frame refers to are not decoded.
            let read = try XCTUnwrap(cut.kept.last?[1])
            XCTAssertLessThan(rendered.decoded, read, "\(name): B-frames in the cuts skipped")
        }
    }

    /// The output's sound lasts as long as its picture (it ends within a frame of where the
    /// picture ends), plays the source's moment in the middle of every kept range at the
    /// picture's time (within 10 ms, the same in every range), and steps at no join.
    private func checkSound(
        _ file: String, source: String, kept: KeptRanges, video: Double, frame: Double, name: String
    ) throws {
        let rate = Double(CutRenderChecks.rate)
        let (sound, first) = try XCTUnwrap(try CutRenderChecks.sound(file), "\(name): no audio")
        let (original, originalFirst) = try XCTUnwrap(try CutRenderChecks.sound(source))
        XCTAssertEqual(first + Double(sound.count) / rate, video, accuracy: frame, "\(name): audio ends with the video")
        var at = 0.0  // the range's start on the cut timeline, seconds
        var places: [(at: Int, from: Int)] = []  // 10 ms in the middle of each range of 40 ms or more
        for (index, range) in kept.ranges.enumerated() {
            let length = range.end - range.start
            if index > 0 {
                let step = CutRenderChecks.stepAt(Int(((at - first) * rate).rounded()), in: sound)
                XCTAssertLessThanOrEqual(step, 6, "\(name): join \(index) at \(at) s")
            }
            if length >= 0.04 {
                let middle = length / 2 - 0.005
                places.append(
                    (Int(((at + middle - first) * rate).rounded()), Int(((range.start + middle - originalFirst) * rate).rounded())))
            }
            at += length
        }
        // In sync within 10 ms (Matroska's clock counts milliseconds, and Opus in WebM comes
        // out 6 ms off), and the same lag in every range within a millisecond: no drift over
        // the cuts (within 2 samples, but for a Matroska source's millisecond timestamps).
        let ms = CutRenderChecks.rate / 1000
        let common = CutRenderChecks.commonLag(of: sound, at: places, in: original, within: 10 * ms)
        var lags: [Int] = []  // samples
        for place in places {
            let (lag, correlation) = CutRenderChecks.lag(
                of: sound, at: place.at + common, in: original, from: place.from, within: ms)
            XCTAssertGreaterThan(correlation, 0.9, "\(name): the range at \(place.at) plays its own moment")
            lags.append(common + lag)
        }
        let clock = source.hasSuffix(".mkv") ? ms : 2
        XCTAssertLessThanOrEqual((lags.max() ?? 0) - (lags.min() ?? 0), clock, "\(name): no drift: \(lags)")
    }

    /// The join check can fail: two pieces of the loud tone joined by a hard cut (no
    /// crossfade) where the tone stands at its peak before and its trough after step at the
    /// join; the rendered joins of the loud tone do not.
    func testAHardCutOfALoudToneFailsTheJoinCheck() throws {
        let folder = try temporaryFolder()
        let clip = Clip(name: "loud", rate: "25", seconds: 6, container: "mp4", audio: "loud", tenBit: false, gop: 25)
        let path = try make(clip, in: folder)
        let source = try XCTUnwrap(try CutRenderChecks.sound(path)).samples
        // In the loud second (1-2 s): 0.2 s up to a peak, then 0.2 s from a trough.
        let peak = (60_000..<60_400).max { source[$0] < source[$1] }!
        let trough = (76_000..<76_400).min { source[$0] < source[$1] }!
        let hard = Array(source[(peak - 9_600)...peak] + source[trough..<(trough + 9_600)])
        let step = CutRenderChecks.stepAt(9_601, in: hard)
        XCTAssertGreaterThan(step, 6, "a hard cut steps")
        // The render's joins, frame-aligned, in the loud second and from the quiet one into it.
        let ranges: [ClosedRange<Double>] = [0.2...0.6, 1.04...1.4, 1.6...1.92, 3.2...3.6, 4.4...4.8]
        let rendered = try render(path, kept: try KeptRanges(ranges), outputs: ["mp4:h264"], in: folder)
        let (sound, first) = try XCTUnwrap(try CutRenderChecks.sound(rendered.files[0]))
        var at = 0.0
        for (index, range) in ranges.enumerated() {
            if index > 0 {
                XCTAssertLessThanOrEqual(CutRenderChecks.stepAt(Int((at - first) * 48_000), in: sound), 6, "join \(index)")
            }
            at += range.upperBound - range.lowerBound
        }
    }
}
