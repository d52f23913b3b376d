import Foundation
import TestSupport
import XCTest

/// What `CutRenderTests` measures of a file with ffmpeg: the decoded pictures' hashes, the
/// decoded sound, and the steps at joins.
enum CutRenderChecks {
    /// The rate every clip's sound is made and read at. // samples per second
    static let rate = 48_000

    /// The MD5 of each decoded picture of the first video stream (FFmpeg's `framemd5`), in
    /// order; `select`: only the frames that expression selects (its `n` is the frame number).
    static func pictureHashes(_ path: String, select: String? = nil) throws -> [String] {
        var arguments = ["-nostdin", "-v", "error", "-i", path, "-map", "0:v:0"]
        if let select { arguments += ["-vf", "select='\(select)'"] }
        arguments += ["-fps_mode", "passthrough", "-f", "framemd5", "-"]
        let result = try ProcessRunner.tool("ffmpeg", arguments)
        guard result.status == 0 else { throw ProcessRunner.Failure(command: ["ffmpeg"] + arguments, message: result.stderr) }
        // "stream, dts, pts, duration, size, hash": the hash only (the times differ by the cuts).
        return result.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap {
            $0.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The file's duration, as its container says. // seconds
    static func duration(_ path: String) throws -> Double {
        let result = try ProcessRunner.tool(
            "ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path])
        return Double(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// The first audio channel as decoded (priming and pre-skip dropped where the file says
    /// so), at the clips' rate, with the time of its first sample on the timeline (from the
    /// file's start time, when that is after 0, as `Demuxer.timelineOffset`); nil when the
    /// file has no audio. // seconds
    static func sound(_ path: String) throws -> (samples: [Float], first: Double)? {
        func probe(_ arguments: [String]) throws -> String {
            try ProcessRunner.tool("ffprobe", ["-v", "error"] + arguments + ["-of", "csv=p=0", path]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let first = try probe(["-select_streams", "a:0", "-show_entries", "frame=best_effort_timestamp_time"])
        guard let firstTime = Double(first.split(separator: "\n").first ?? "") else { return nil }
        let start = max(0, Double(try probe(["-show_entries", "format=start_time"])) ?? 0)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("cut-sound-\(UUID().uuidString).f32")
        defer { try? FileManager.default.removeItem(at: out) }
        try ProcessRunner.ffmpeg(["-i", path, "-map", "0:a:0", "-af", "pan=mono|c0=c0", "-f", "f32le", out.path])
        let data = try Data(contentsOf: out)
        return (data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }, firstTime - start)
    }

    /// How far (dB) the loudest 5 ms of the first difference within 10 ms of `join` (a
    /// sample position) rises over its level in the 50 ms around (the louder of the 25 ms
    /// before and after that): a step, which is heard as a click, is a spike of the
    /// difference, above both sides, while a join from quiet to loud rises only to the loud
    /// side's level. A plain RMS would hardly see one sample's step in 240; the difference
    /// sees it, and a tone's difference stays small at speech frequencies.
    static func stepAt(_ join: Int, in sound: [Float]) -> Double {
        let ms = rate / 1000
        func power(_ range: Range<Int>) -> Double {
            let clamped = max(1, range.lowerBound)..<min(sound.count, range.upperBound)
            guard !clamped.isEmpty else { return 0 }
            var sum = 0.0
            for n in clamped {
                let d = Double(sound[n] - sound[n - 1])
                sum += d * d
            }
            return sum / Double(clamped.count)
        }
        let around = max(power((join - 35 * ms)..<(join - 10 * ms)), power((join + 10 * ms)..<(join + 35 * ms)))
        var loudest = 0.0
        for start in stride(from: join - 10 * ms, through: join + 5 * ms, by: ms) {
            loudest = max(loudest, power(start..<(start + 5 * ms)))
        }
        return 10 * log10(max(loudest, 1e-20) / max(around, 1e-20))
    }

    /// Where 10 ms of `output` at `at` lie in `source`, from `from` (samples, within
    /// `within` samples), and how alike they are there (the correlation).
    static func lag(of output: [Float], at: Int, in source: [Float], from: Int, within: Int) -> (lag: Int, correlation: Double) {
        var best = (lag: 0, correlation: -2.0)
        for lag in -within...within {
            let c = correlation(output, at: at + lag, source, from: from)
            if c > best.correlation { best = (lag, c) }
        }
        return best
    }

    /// The lag (samples, within `within`) at which 10 ms of `output` at each of `places` are
    /// most like `source` at its `from`, all together: two tones nearly repeat after a few
    /// milliseconds at some places, where a quiet and coded range may match there better, but
    /// never at all of them.
    static func commonLag(of output: [Float], at places: [(at: Int, from: Int)], in source: [Float], within: Int) -> Int {
        (-within...within).max { a, b in
            places.reduce(0) { $0 + correlation(output, at: $1.at + a, source, from: $1.from) }
                < places.reduce(0) { $0 + correlation(output, at: $1.at + b, source, from: $1.from) }
        } ?? 0
    }

    /// The correlation (-1 ... 1) of 10 ms of `output` at `at` with `source` at `from`:
    /// near 1 when the output plays the source's moment there.
    static func correlation(_ output: [Float], at: Int, _ source: [Float], from: Int) -> Double {
        let count = rate / 100
        guard at >= 0, from >= 0, at + count <= output.count, from + count <= source.count else { return 0 }
        var xy = 0.0
        var xx = 0.0
        var yy = 0.0
        for i in 0..<count {
            let x = Double(output[at + i])
            let y = Double(source[from + i])
            xy += x * y
            xx += x * x
            yy += y * y
        }
        return xy / max(1e-20, (xx * yy).squareRoot())
    }
}
