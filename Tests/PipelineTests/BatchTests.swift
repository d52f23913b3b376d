import Farm
import Foundation
import Media
import Pipeline
import TestSupport
import XCTest

/// `burn-captions batch`: shards, skipping what is done, reports, and surviving a killed worker.
final class BatchTests: XCTestCase {
    private struct Report: Decodable {
        var job: Int
        var status: String
        var output: String?
        var seconds: Double
    }

    private func reports(_ path: String) throws -> [Report] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .map { try JSONDecoder().decode(Report.self, from: Data($0.utf8)) }
    }

    /// A folder with a one-second clip, captions per job, a broken input and a 6-job manifest
    /// whose fifth line is malformed.
    private func makeFarm() throws -> URL {
        let folder = try temporaryFolder()
        let make = try ProcessRunner.tool("ffmpeg", [
            "-v", "error", "-i", CLI.samples.appendingPathComponent("talk.mp4").path, "-t", "1", "-c", "copy",
            folder.appendingPathComponent("clip.mp4").path,
        ])
        XCTAssertEqual(make.status, 0, make.stderr)
        try "not a video".write(to: folder.appendingPathComponent("broken.mp4"), atomically: true, encoding: .utf8)
        let captions = try String(contentsOf: CLI.samples.appendingPathComponent("talk.json"), encoding: .utf8)
        for job in 0..<6 {
            try captions.write(to: folder.appendingPathComponent("c\(job).json"), atomically: true, encoding: .utf8)
        }
        let lines = (0..<6).map { job -> String in
            if job == 4 { return #"{"input": "clip.mp4", "captions": oops}"# }
            let input = job == 2 ? "broken.mp4" : "clip.mp4"
            return #"{"input": "\#(input)", "captions": "c\#(job).json", "output": "out\#(job).mp4", "x264Preset": "ultrafast"}"#
        }
        try lines.joined(separator: "\n").write(to: folder.appendingPathComponent("jobs.jsonl"), atomically: true, encoding: .utf8)
        return folder
    }

    func testTwoShardsSideBySideThenARerunSkipsWhatIsDone() throws {
        let farm = try makeFarm()
        let manifest = farm.appendingPathComponent("jobs.jsonl").path
        let shards = try (0..<2).map { shard in
            try ProcessRunner.start(CLI.binary, ["batch", manifest, "--shard", "\(shard)/2", "--report", farm.appendingPathComponent("r\(shard).jsonl").path])
        }
        let statuses = shards.map { process, out, err in ProcessRunner.finish(process, out, err).status }
        XCTAssertEqual(statuses.sorted(), [0, 1], "the shard with the failures exits 1")
        let all = try reports(farm.appendingPathComponent("r0.jsonl").path) + reports(farm.appendingPathComponent("r1.jsonl").path)
        XCTAssertEqual(all.map(\.job).sorted(), [0, 1, 2, 3, 4, 5], "every job in exactly one shard")
        XCTAssertEqual(Set(all.filter { $0.status == "failed" }.map(\.job)), [2, 4])
        XCTAssertEqual(Set(all.filter { $0.status == "done" }.map(\.job)), [0, 1, 3, 5])
        for job in [0, 1, 3, 5] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: farm.appendingPathComponent("out\(job).mp4").path))
        }

        // Rerun: the four done jobs are skipped without being decoded; new captions for one redo it only.
        try #"{"segments": [{"start": 0.1, "end": 0.9, "text": "Changed"}]}"#.write(
            to: farm.appendingPathComponent("c3.json"), atomically: true, encoding: .utf8)
        let rerun = try CLI.burn(["batch", manifest, "--report", farm.appendingPathComponent("again.jsonl").path])
        XCTAssertEqual(rerun.status, 1, rerun.stderr)
        let again = try reports(farm.appendingPathComponent("again.jsonl").path)
        XCTAssertEqual(Set(again.filter { $0.status == "skipped" }.map(\.job)), [0, 1, 5])
        XCTAssertEqual(again.first { $0.job == 3 }?.status, "done")
        XCTAssertTrue(again.filter { $0.status == "skipped" }.allSatisfy { $0.seconds < 0.1 }, "skipping decodes nothing")
    }

    func testAKilledWorkerLeavesNoOutputAndARerunCompletesIt() throws {
        let folder = try temporaryFolder()
        let talk = CLI.samples.appendingPathComponent("talk.mp4").path
        let captions = CLI.samples.appendingPathComponent("talk.json").path
        let manifest = folder.appendingPathComponent("one.jsonl")
        try #"{"input": "\#(talk)", "captions": "\#(captions)", "output": "out.mp4", "x264Preset": "veryslow"}"#
            .write(to: manifest, atomically: true, encoding: .utf8)
        let (_, wasRunning) = try CLI.interrupt(["batch", manifest.path], in: folder, with: SIGKILL)
        XCTAssertTrue(wasRunning)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.mp4").path))

        // Faster settings for the rerun; the stale temporary file of the killed worker is removed.
        try #"{"input": "\#(talk)", "captions": "\#(captions)", "output": "out.mp4", "x264Preset": "ultrafast"}"#
            .write(to: manifest, atomically: true, encoding: .utf8)
        let rerun = try CLI.burn(["batch", manifest.path])
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.mp4").path))
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.contains(".partial-") })
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".out.mp4.lock").path))
    }

    func testCRLFManifestsDuplicateOutputsAndAbsolutePresetPaths() throws {
        let folder = try temporaryFolder()
        let preset = CLI.root.appendingPathComponent("Presets/reels.json").path
        let lines = [
            #"{"input": "a.mp4", "captions": "a.json", "output": "same.mp4", "preset": "\#(preset)"}"#,
            #"{"input": "b.mp4", "captions": "b.json", "output": "./same.mp4"}"#,
            #"{"input": "c.mp4", "captions": "c.json", "output": "c.mp4"}"#,
        ]
        let manifest = folder.appendingPathComponent("crlf.jsonl")
        try lines.joined(separator: "\r\n").write(to: manifest, atomically: true, encoding: .utf8)
        let jobs = try BatchJob.read(manifest: manifest.path)
        XCTAssertEqual(jobs.count, 3)
        XCTAssertEqual(jobs[0].request?.preset, preset)
        XCTAssertNil(jobs[1].request)
        XCTAssertTrue(
            jobs[1].error?.hasSuffix("crlf.jsonl:2: output: also written by line 1 (\(folder.path)/./same.mp4)") == true,
            jobs[1].error ?? "")
        XCTAssertNotNil(jobs[2].request)
    }

    func testManifestCodecEncoderAndHDRFields() throws {
        let folder = try temporaryFolder()
        let lines = [
            #"{"input": "a.mp4", "captions": "a.json", "output": "a.webm", "codec": "vp9", "encoderPreset": "fast", "hdr": "sdr"}"#,
            #"{"input": "b.mp4", "captions": "b.json", "output": "b.mp4", "encoder": "hevc_nvenc"}"#,
            #"{"input": "c.mp4", "captions": "c.json", "output": "c.mp4", "codec": "mpeg2"}"#,
            #"{"input": "d.mp4", "captions": "d.json", "output": "d.mp4", "codec": "av1", "encoder": "libx265"}"#,
            #"{"input": "e.mp4", "captions": "e.json", "output": "e.mp4", "hdr": "bright"}"#,
        ]
        let manifest = folder.appendingPathComponent("codecs.jsonl")
        try lines.joined(separator: "\n").write(to: manifest, atomically: true, encoding: .utf8)
        let jobs = try BatchJob.read(manifest: manifest.path)
        XCTAssertEqual(jobs[0].request?.encoder.codec, .vp9)
        XCTAssertEqual(jobs[0].request?.encoder.preset, "fast")
        XCTAssertEqual(jobs[0].request?.encoder.hdr, .sdr)
        XCTAssertEqual(jobs[1].request?.encoder.encoderName, "hevc_nvenc")
        XCTAssertEqual(jobs[1].request?.encoder.codec, .hevc, "the encoder's codec")
        XCTAssertTrue(jobs[2].error?.contains("codec: unknown codec mpeg2") == true, jobs[2].error ?? "")
        XCTAssertTrue(jobs[3].error?.contains("encoder: libx265 writes hevc, not av1") == true, jobs[3].error ?? "")
        XCTAssertTrue(jobs[4].error?.contains("hdr: expected keep or sdr") == true, jobs[4].error ?? "")
    }

    /// `language: "auto:LIST"` limits the detection of recognized speech and gives no caption
    /// file a language; a list Whisper does not know is the line's error; `soundTags` is
    /// `--sound-tags`.
    func testManifestSpokenLanguages() throws {
        let folder = try temporaryFolder()
        let lines = [
            #"{"input": "a.mp4", "captions": "auto", "output": "a.mp4", "language": "auto:en,fr", "soundTags": true}"#,
            #"{"input": "b.mp4", "captions": "auto", "output": "b.mp4", "language": "auto:en,xx"}"#,
            #"{"input": "c.mp4", "captions": "auto", "output": "c.mp4", "language": "fr"}"#,
        ]
        let manifest = folder.appendingPathComponent("languages.jsonl")
        try lines.joined(separator: "\n").write(to: manifest, atomically: true, encoding: .utf8)
        let jobs = try BatchJob.read(manifest: manifest.path)
        XCTAssertEqual(jobs[0].request?.recognition.languages, ["en", "fr"])
        XCTAssertNil(jobs[0].request?.captions.language)
        XCTAssertEqual(jobs[0].request?.recognition.soundTags, true)
        XCTAssertEqual(jobs[2].request?.recognition.soundTags, false)
        XCTAssertTrue(jobs[1].error?.contains("language: xx in auto:en,xx is not a language the recognizer knows") == true, jobs[1].error ?? "")
        XCTAssertEqual(jobs[2].request?.captions.language, "fr")
        XCTAssertNil(jobs[2].request?.recognition.languages)
    }

    /// A job of two outputs (two caption files, `{lang}` in its output) renders both from one
    /// decode; when one is already done, a rerun renders only the other.
    func testAJobOfSeveralOutputsResumesPerOutput() throws {
        let farm = try makeFarm()
        let srt = try String(contentsOf: CLI.samples.appendingPathComponent("talk.srt"), encoding: .utf8)
        try srt.write(to: farm.appendingPathComponent("talk.en.srt"), atomically: true, encoding: .utf8)
        try srt.replacingOccurrences(of: "Captions that pop", with: "字幕のテスト")
            .write(to: farm.appendingPathComponent("talk.ja.srt"), atomically: true, encoding: .utf8)
        let manifest = farm.appendingPathComponent("two.jsonl")
        try #"{"input": "clip.mp4", "captions": ["talk.en.srt", {"path": "talk.ja.srt"}], "output": "out.{lang}.mp4", "x264Preset": "ultrafast"}"#
            .write(to: manifest, atomically: true, encoding: .utf8)
        let jobs = try BatchJob.read(manifest: manifest.path)
        XCTAssertEqual(jobs.count, 1)
        XCTAssertEqual(jobs[0].requests.compactMap(\.output.path), ["en", "ja"].map { farm.appendingPathComponent("out.\($0).mp4").path })

        let first = try CLI.burn(["batch", manifest.path, "--report", farm.appendingPathComponent("first.jsonl").path])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(try reports(farm.appendingPathComponent("first.jsonl").path).map(\.status), ["done", "done"])
        let english = farm.appendingPathComponent("out.en.mp4").path
        let written = try FileManager.default.attributesOfItem(atPath: english)[.modificationDate] as? Date
        try FileManager.default.removeItem(at: farm.appendingPathComponent("out.ja.mp4"))

        let rerun = try CLI.burn(["batch", manifest.path, "--report", farm.appendingPathComponent("rerun.jsonl").path])
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        let again = try reports(farm.appendingPathComponent("rerun.jsonl").path)
        XCTAssertEqual(again.map(\.status), ["skipped", "done"])
        XCTAssertEqual(again.map(\.output), [english, farm.appendingPathComponent("out.ja.mp4").path])
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: english)[.modificationDate] as? Date, written)
        XCTAssertTrue(FileManager.default.fileExists(atPath: farm.appendingPathComponent("out.ja.mp4").path))
    }

    /// A PNG sequence (`--overlay-only` to `caps_%05d.png`) is done once its pictures are in
    /// place: a rerun skips it.
    func testAPictureSequenceIsSkippedWhenDone() throws {
        let farm = try makeFarm()
        let manifest = farm.appendingPathComponent("sequence.jsonl").path
        try #"{"input": "clip.mp4", "captions": "c0.json", "output": "caps/caps_%05d.png", "overlayOnly": true}"#
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: farm.appendingPathComponent("caps"), withIntermediateDirectories: false)
        let first = try CLI.burn(["batch", manifest, "--report", farm.appendingPathComponent("s1.jsonl").path])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(try reports(farm.appendingPathComponent("s1.jsonl").path).map(\.status), ["done"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: farm.appendingPathComponent("caps/caps_00001.png").path))
        let again = try CLI.burn(["batch", manifest, "--report", farm.appendingPathComponent("s2.jsonl").path])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try reports(farm.appendingPathComponent("s2.jsonl").path).map(\.status), ["skipped"])
    }

    /// The sample's first 6 s as `clip.mp4` in `farm`, a keyframe every second; its path.
    private func sampleClip(in farm: URL) throws -> String {
        let clip = farm.appendingPathComponent("clip.mp4").path
        try ProcessRunner.ffmpeg([
            "-i", CLI.samples.appendingPathComponent("talk.mp4").path, "-t", "6", "-c:v", "libx264", "-preset", "ultrafast",
            "-g", "30", "-c:a", "copy", clip,
        ])
        return clip
    }

    /// A job of `"segments": 3` over two shards: each renders its parts (shard 0 parts 0 and 2,
    /// shard 1 part 1), the shard that finds them all joins, and a rerun skips the job.
    func testASplitJobIsRenderedAcrossShardsAndJoined() throws {
        let farm = try temporaryFolder()
        let clip = try sampleClip(in: farm)
        let manifest = farm.appendingPathComponent("split.jsonl").path
        try """
            {"input": "clip.mp4", "captions": "\(CLI.samples.appendingPathComponent("talk.json").path)", "output": "out/talk.mp4", "segments": 3, "x264Preset": "ultrafast"}
            {"input": "clip.mp4", "captions": "\(CLI.samples.appendingPathComponent("talk.srt").path)", "output": "out/srt.mp4", "x264Preset": "ultrafast"}
            """.write(toFile: manifest, atomically: true, encoding: .utf8)
        let out = farm.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        let output = out.appendingPathComponent("talk.mp4").path
        let first = try CLI.burn(["batch", manifest, "--shard", "0/2", "--report", farm.appendingPathComponent("r0.jsonl").path])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(
            try reports(farm.appendingPathComponent("r0.jsonl").path).map { URL(fileURLWithPath: $0.output!).lastPathComponent },
            [".talk.mp4.part-0-of-3.mp4", ".talk.mp4.part-2-of-3.mp4"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "part 1 is not done yet")
        let second = try CLI.burn(["batch", manifest, "--shard", "1/2", "--report", farm.appendingPathComponent("r1.jsonl").path])
        XCTAssertEqual(second.status, 0, second.stderr)
        let joined = try reports(farm.appendingPathComponent("r1.jsonl").path)
        XCTAssertEqual(joined.map { URL(fileURLWithPath: $0.output!).lastPathComponent }, [".talk.mp4.part-1-of-3.mp4", "talk.mp4", "srt.mp4"])
        XCTAssertEqual(Set(joined.map(\.status)), ["done"])
        // The parts and the plan are gone; the output holds every frame and the input's audio.
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: out.path).sorted(),
            [".srt.mp4.stamp", ".talk.mp4.stamp", "srt.mp4", "talk.mp4"])
        let frames = { (path: String) in
            try ProcessRunner.tool(
                "ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries", "packet=pts", "-of", "csv=p=0", path]
            ).stdout.split(whereSeparator: \.isNewline).count
        }
        XCTAssertEqual(try frames(output), try frames(clip))
        let audio = { (path: String) in
            try ProcessRunner.tool("ffmpeg", ["-v", "error", "-i", path, "-map", "0:a", "-c", "copy", "-f", "md5", "-"]).stdout
        }
        XCTAssertEqual(try audio(output), try audio(clip))
        // A rerun of either shard skips the job.
        for shard in 0..<2 {
            let again = try CLI.burn(["batch", manifest, "--shard", "\(shard)/2", "--report", farm.appendingPathComponent("a.jsonl").path])
            XCTAssertEqual(again.status, 0, again.stderr)
            let rerun = try reports(farm.appendingPathComponent("a.jsonl").path)
            XCTAssertEqual(Set(rerun.map(\.status)), ["skipped"])
            XCTAssertEqual(rerun.first.map { URL(fileURLWithPath: $0.output!).lastPathComponent }, "talk.mp4")
        }
    }

    /// A split job takes the cut fields as a one-piece job does: `cutsFile` on a job of
    /// `"segments": 3` renders the frames of the one-piece cut job at its times, with its
    /// sound's length, and writes its `editList` with the plan.
    func testASplitJobCutsAsTheOnePieceJobCuts() throws {
        let farm = try temporaryFolder()
        _ = try sampleClip(in: farm)
        try #"{"format": "burn-captions cuts", "version": 1, "cuts": [{"start": 0.9, "end": 2.3, "reason": "pause"}, {"start": 3.8, "end": 4.2, "reason": "filler"}]}"#
            .write(toFile: farm.appendingPathComponent("cuts.json").path, atomically: true, encoding: .utf8)
        let captions = CLI.samples.appendingPathComponent("talk.json").path
        let manifest = farm.appendingPathComponent("cut.jsonl").path
        try """
            {"input": "clip.mp4", "captions": "\(captions)", "output": "split.mp4", "segments": 3, "cutsFile": "cuts.json", "editList": "split.edl", "x264Preset": "ultrafast"}
            {"input": "clip.mp4", "captions": "\(captions)", "output": "whole.mp4", "cutsFile": "cuts.json", "editList": "whole.edl", "x264Preset": "ultrafast"}
            """.write(toFile: manifest, atomically: true, encoding: .utf8)
        let run = try CLI.burn(["batch", manifest, "--report", farm.appendingPathComponent("r.jsonl").path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let (split, whole) = (farm.appendingPathComponent("split.mp4").path, farm.appendingPathComponent("whole.mp4").path)
        let times = { (path: String) in
            try ProcessRunner.tool(
                "ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries", "packet=pts", "-of", "csv=p=0", path]
            ).stdout.split(whereSeparator: \.isNewline).compactMap { Int($0) }.sorted()
        }
        XCTAssertEqual(try times(whole).count, 126)  // 6 s less 1.4 s and 0.4 s: 4.2 s at 30 fps
        XCTAssertEqual(try times(split), try times(whole))
        XCTAssertEqual(try CLI.probe(split, stream: "a", "duration"), try CLI.probe(whole, stream: "a", "duration"))
        XCTAssertEqual(
            try String(contentsOfFile: farm.appendingPathComponent("split.edl").path, encoding: .utf8),
            try String(contentsOfFile: farm.appendingPathComponent("whole.edl").path, encoding: .utf8))
    }

    func testShardComesFromTheSchedulersEnvironment() throws {
        XCTAssertEqual(try Shard.resolve(option: "2/5", count: nil, environment: [:]), try Shard(index: 2, count: 5))
        XCTAssertEqual(
            try Shard.resolve(option: nil, count: nil, environment: ["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "8"]),
            try Shard(index: 3, count: 8))
        XCTAssertEqual(try Shard.resolve(option: nil, count: 3, environment: ["JOB_COMPLETION_INDEX": "2"]), try Shard(index: 2, count: 3))
        XCTAssertEqual(try Shard.resolve(option: nil, count: 4, environment: ["AWS_BATCH_JOB_ARRAY_INDEX": "0"]), try Shard(index: 0, count: 4))
        XCTAssertEqual(try Shard.resolve(option: nil, count: 4, environment: [:]), try Shard(index: 0, count: 1))
        XCTAssertThrowsError(try Shard.resolve(option: nil, count: nil, environment: ["AWS_BATCH_JOB_ARRAY_INDEX": "0"]))
        XCTAssertThrowsError(try Shard.resolve(option: "3/3", count: nil, environment: [:]))
        XCTAssertEqual(
            try Shard.resolve(
                option: nil, count: nil,
                environment: ["SLURM_ARRAY_TASK_ID": "20", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "10", "SLURM_ARRAY_TASK_COUNT": "4"]),
            try Shard(index: 2, count: 4))
        let shard = try Shard(index: 1, count: 3)
        XCTAssertEqual((0..<7).filter(shard.owns), [1, 4])
    }
}
