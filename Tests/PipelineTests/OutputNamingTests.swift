import Foundation
import TestSupport
import XCTest

/// Output names made from what the caption files, presets and looks name (robustness, third
/// pass): a language from a file is BCP-47 or a located problem, a placeholder never leaves
/// the output folder, `{lang2}` needs a second track, and a collision names both options.
final class OutputNamingTests: XCTestCase {
    /// A one-second black 320x568 clip with a tone, in `folder`.
    private func clip(_ folder: URL) throws -> String {
        let path = folder.appendingPathComponent("clip.mp4").path
        try ProcessRunner.ffmpeg([
            "-f", "lavfi", "-i", "color=black:s=320x568:r=30:d=1", "-f", "lavfi", "-i", "sine=f=440:d=1", "-shortest",
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", path,
        ])
        return path
    }

    private func write(_ text: String, _ folder: URL, _ name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Every file under `folder`, as paths relative to it.
    private func files(under folder: URL) -> [String] {
        (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }

    /// A native JSON file's language ".." with `-o out/{lang}/x.mp4` used to write out/../x.mp4.
    func testALanguageFromAFileIsBCP47OrALocatedProblem() throws {
        let root = try temporaryFolder()
        let work = root.appendingPathComponent("work")
        let out = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out.appendingPathComponent("__"), withIntermediateDirectories: true)
        let video = try clip(work)
        for (name, json, field) in [
            ("top.json", #"{"language": "..", "segments": [{"start": 0.1, "end": 0.9, "text": "Hello"}]}"#, "language"),
            ("segment.json", #"{"segments": [{"start": 0.1, "end": 0.9, "text": "Hello", "language": "../../x"}]}"#, "segments[0].language"),
            ("control.json", #"{"language": "en\n-rf", "segments": [{"start": 0.1, "end": 0.9, "text": "Hello"}]}"#, "language"),
        ] {
            let captions = try write(json, work, name)
            let result = try CLI.burn([video, "--captions", captions, "-o", out.path + "/{lang}/x.mp4", "--x264-preset", "ultrafast"])
            XCTAssertEqual(result.status, 1, "\(name): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("\(captions): \(field): "), "\(name): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("is not a BCP-47 language tag"), "\(name): \(result.stderr)")
        }
        XCTAssertEqual(files(under: root).filter { $0.hasSuffix("x.mp4") }, [], "nothing written anywhere")
    }

    /// `{name}` of a file named `-rf.srt`, `{preset}` of a preset file `..evil.json` and a literal `{{lang}}`.
    func testPlaceholdersStayInsideTheOutputFolder() throws {
        let root = try temporaryFolder()
        let out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let video = try clip(root)
        let captions = try write("1\n00:00:00,100 --> 00:00:00,900\nHello\n", root, "-rf\u{1B}.srt")
        let preset = root.appendingPathComponent("..evil.json").path
        try FileManager.default.copyItem(atPath: CLI.root.appendingPathComponent("Presets/tiktok.json").path, toPath: preset)
        let result = try CLI.burn([
            video, "--captions", captions, "--preset", preset, "-o", out.path + "/{name}.{preset}.{{lang}}.mp4",
            "--x264-preset", "ultrafast",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(files(under: root).filter { $0.hasSuffix(".mp4") && $0 != "clip.mp4" }, ["out/_rf_.__evil.{lang}.mp4"])
    }

    /// A manifest's job is held to the same rules: its caption file's bad language fails that
    /// job with the field named; a job named through a placeholder stays in its folder.
    func testBatchJobsFollowTheSameRules() throws {
        let root = try temporaryFolder()
        let jobs = root.appendingPathComponent("jobs")
        try FileManager.default.createDirectory(at: jobs.appendingPathComponent("out/__"), withIntermediateDirectories: true)
        _ = try clip(jobs)
        _ = try write(#"{"language": "..", "segments": [{"start": 0.1, "end": 0.9, "text": "Hello"}]}"#, jobs, "bad.json")
        _ = try write("1\n00:00:00,100 --> 00:00:00,900\nHello\n", jobs, "-good.srt")
        let manifest = try write(
            #"{"input": "clip.mp4", "captions": "bad.json", "output": "out/{lang}/bad.mp4", "x264Preset": "ultrafast"}"# + "\n"
                + #"{"input": "clip.mp4", "captions": "-good.srt", "output": "out/{name}.mp4", "x264Preset": "ultrafast"}"# + "\n",
            jobs, "jobs.jsonl")
        let report = root.appendingPathComponent("report.jsonl").path
        let result = try CLI.burn(["batch", manifest, "--report", report])
        XCTAssertEqual(result.status, 1, result.stderr)
        let reported = try String(contentsOfFile: report, encoding: .utf8)
        XCTAssertTrue(reported.contains("bad.json: language: "), reported)
        XCTAssertEqual(files(under: root).filter { $0.hasSuffix(".mp4") && !$0.hasSuffix("clip.mp4") }, ["jobs/out/_good.mp4"])
    }

    func testSecondTrackPlaceholdersNeedASecondTrack() throws {
        let root = try temporaryFolder()
        let video = try clip(root)
        let captions = try write("1\n00:00:00,100 --> 00:00:00,900\nHello\n", root, "talk.en.srt")
        for arguments in [
            ["-o", root.path + "/out.{lang2}.mp4"], ["-o", root.path + "/out.{name2}.mp4"],
            ["-o", root.path + "/out.mp4", "--export-captions", root.path + "/out.{lang2}.srt"],
        ] {
            let result = try CLI.burn([video, "--captions", captions] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("names the second track's file, and there is none (--second-captions FILE)"), result.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.path + "/out..mp4"))
    }

    func testAnExportThatCollidesWithTheVideoNamesExportCaptions() throws {
        let root = try temporaryFolder()
        let video = try clip(root)
        let captions = try write("1\n00:00:00,100 --> 00:00:00,900\nHello\n", root, "talk.srt")
        let output = root.appendingPathComponent("out.srt").path
        let result = try CLI.burn([video, "--captions", captions, "-o", output, "--export-captions", output])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("(--export-captions)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("(-o)"), result.stderr)
    }
}
