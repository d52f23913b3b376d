import CaptionCases
import Commands
import Foundation
import Media
import Pipeline
import TestSupport
import XCTest

/// One run, many outputs: every combination of caption files, presets and looks from one
/// decode, each output the same as its own run, named by the template, written atomically
/// and failing alone.
final class MultipleOutputsTests: XCTestCase {
    /// A 2 s 360x640 test picture with a tone (AAC), so that compositing and audio copying both show.
    private func clip(_ folder: URL) throws -> String {
        let path = folder.appendingPathComponent("clip.mp4").path
        try ProcessRunner.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=s=360x640:r=30:d=2", "-f", "lavfi", "-i", "sine=f=440:d=2",
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", path,
        ])
        return path
    }

    /// An SRT of two cues (0.1-0.9 s and 1.0-1.9 s) with `texts` (cycled), named `name` in `folder`.
    @discardableResult
    private func srt(_ folder: URL, _ name: String, _ texts: [String]) throws -> String {
        let url = folder.appendingPathComponent(name)
        let text =
            "1\n00:00:00,100 --> 00:00:00,900\n\(texts[0])\n\n2\n00:00:01,000 --> 00:00:01,900\n\(texts[1 % texts.count])\n"
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// The caption cases' text for `language`, from the shared case file.
    private func caseText(_ language: String) throws -> String {
        let cases = try CaptionCaseFile.cases(in: Repository.root)
        return try XCTUnwrap(cases.first { $0.language == language }?.text, "no caption case in \(language)")
    }

    /// The MD5 of each decoded video frame, and of the audio packets, of `video`.
    private func fingerprint(_ video: String) throws -> (frames: [String], audio: String) {
        let frames = try ProcessRunner.tool("ffmpeg", ["-v", "error", "-i", video, "-map", "0:v", "-f", "framemd5", "-"])
        XCTAssertEqual(frames.status, 0, frames.stderr)
        let audio = try ProcessRunner.tool("ffmpeg", ["-v", "error", "-i", video, "-map", "0:a", "-c", "copy", "-f", "md5", "-"])
        XCTAssertEqual(audio.status, 0, audio.stderr)
        let lines = frames.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        return (lines, audio.stdout)
    }

    private func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    func testEachOutputHasTheFramesOfItsOwnRun() throws {
        let folder = try temporaryFolder()
        let input = try clip(folder)
        let outputs = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        let languages = ["en", "ja", "ar"]
        let captions = try languages.map { try srt(folder, "\($0).srt", [caseText($0), "— \($0) —"]) }
        let run = try CLI.burn(
            [input] + captions.flatMap { ["--captions", $0] }
                + ["--look", "pop", "--look", "classic", "-o", outputs.path + "/talk.{lang}.{look}.mp4", "--x264-preset", "ultrafast"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let expected = languages.flatMap { ["talk.\($0).classic.mp4", "talk.\($0).pop.mp4"] }.sorted()
        XCTAssertEqual(try files(in: outputs), expected)
        var seen: Set<[String]> = []
        for (language, caption) in zip(languages, captions) {
            for look in ["pop", "classic"] {
                let alone = folder.appendingPathComponent("alone.\(language).\(look).mp4").path
                let single = try CLI.burn([input, "--captions", caption, "--look", look, "-o", alone, "--x264-preset", "ultrafast"])
                XCTAssertEqual(single.status, 0, single.stderr)
                let together = try fingerprint(outputs.appendingPathComponent("talk.\(language).\(look).mp4").path)
                let own = try fingerprint(alone)
                XCTAssertEqual(together.frames.count, 60)
                XCTAssertEqual(together.frames, own.frames, "\(language) \(look): frames differ from its own run")
                XCTAssertEqual(together.audio, own.audio, "\(language) \(look): audio differs from its own run")
                seen.insert(together.frames)
            }
        }
        // Each output has its own captions: no two outputs share their frames.
        XCTAssertEqual(seen.count, 6)
    }

    /// 10-bit input: the picture is narrowed to 8 bits once for all outputs and each output's
    /// caption area again, with the same pixels as each output's own run.
    func testTenBitOutputsHaveTheFramesOfTheirOwnRuns() throws {
        let folder = try temporaryFolder()
        let input = CLI.samples.appendingPathComponent("phone-hevc10-rot90.mp4").path
        let captions = try ["en", "ja"].map { try srt(folder, "\($0).srt", [caseText($0), caseText($0)]) }
        let run = try CLI.burn(
            [input] + captions.flatMap { ["--captions", $0] }
                + ["--look", "pop", "--look", "box", "-o", folder.path + "/{lang}.{look}.mp4", "--x264-preset", "ultrafast"])
        XCTAssertEqual(run.status, 0, run.stderr)
        for (language, caption) in zip(["en", "ja"], captions) {
            for look in ["pop", "box"] {
                let alone = folder.appendingPathComponent("alone.\(language).\(look).mp4").path
                let single = try CLI.burn([input, "--captions", caption, "--look", look, "-o", alone, "--x264-preset", "ultrafast"])
                XCTAssertEqual(single.status, 0, single.stderr)
                let together = try fingerprint(folder.appendingPathComponent("\(language).\(look).mp4").path).frames
                XCTAssertEqual(together.count, 60)
                XCTAssertEqual(together, try fingerprint(alone).frames, "\(language) \(look): frames differ from its own run")
            }
        }
    }

    /// The golden suite's languages (the 19 of the CometChat document, and vi, th and ar):
    /// one caption file each, all 22 from one run with one preset, in passes of 8.
    func testTwentyTwoLanguagesFromOneRun() throws {
        let languages = [
            "en-US", "en-GB", "de-DE", "es-ES", "fr-FR", "hi-IN", "hu-HU", "it-IT", "ja-JP", "ko-KR", "lt-LT", "ms-MY",
            "nl-NL", "pt-PT", "ru-RU", "sv-SE", "tr-TR", "zh-HK", "zh-TW", "vi", "th", "ar",
        ]
        let folder = try temporaryFolder()
        let input = try clip(folder)
        let outputs = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        let captions = try languages.map { try srt(folder, "talk.\($0).srt", [try caseText($0)]) }
        let run = try CLI.burn(
            [input] + captions.flatMap { ["--captions", $0] }
                + ["--preset", "reels", "-o", outputs.path + "/talk.{lang}.mp4", "--x264-preset", "ultrafast", "--stats"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try files(in: outputs), languages.map { "talk.\($0).mp4" }.sorted())
        // Each output holds its own language's captions: the CJK ones differ from each other.
        let frames = try ["ja-JP", "ko-KR", "zh-TW", "zh-HK"].map {
            try fingerprint(outputs.appendingPathComponent("talk.\($0).mp4").path).frames
        }
        XCTAssertEqual(Set(frames).count, 4)
        XCTAssertTrue(frames.allSatisfy { $0.count == 60 })
    }

    /// Three outputs, two per pass: two decodes, the same files as one pass.
    func testOutputsRenderInPasses() throws {
        let folder = try temporaryFolder()
        let input = try clip(folder)
        let captions = try ["en", "ja", "ar"].map { try srt(folder, "talk.\($0).srt", [caseText($0)]) }
        let requests = try BurnCombinations(
            base: BurnRequest(input: .file(input), captions: CaptionInput(file: captions[0]), output: .none, timingFix: false),
            captions: captions.map { CaptionSource(path: $0) }, presets: ["tiktok"], looks: [nil],
            output: .file(folder.appendingPathComponent("{name}.mp4").path)
        ).requests()
        XCTAssertEqual(requests.map(\.captions.language), ["en", "ja", "ar"], "languages from the file names")
        let before = MediaCounters.current
        var progress: [TranscodeProgress] = []
        let outcomes = try Burner.run(requests, outputsPerPass: 2) { event in
            if case .progress(let step) = event { progress.append(step) }
        }
        let counts = MediaCounters.current.since(before)
        // Progress runs once over both passes: never back, to the end of both.
        XCTAssertEqual(progress.map(\.time), progress.map(\.time).sorted())
        XCTAssertEqual(progress.last?.duration ?? 0, 4, accuracy: 0.05)
        XCTAssertEqual(progress.last?.time ?? 0, 4, accuracy: 0.05)
        XCTAssertEqual(counts.inputsProbed, 1)
        XCTAssertEqual(counts.decodeThreadsStarted, 2)
        XCTAssertEqual(counts.videoFramesDecoded, 2 * 60)
        for (outcome, name) in zip(outcomes, ["talk.en", "talk.ja", "talk.ar"]) {
            let result = try outcome.result.get()
            XCTAssertEqual(result.output, folder.appendingPathComponent("\(name).mp4").path)
            XCTAssertEqual(result.frames, 60)
        }
    }

    /// A caption file with an error among good ones: the run fails naming it, before a frame is
    /// decoded, and writes nothing.
    func testABadCaptionFileFailsTheRunBeforeDecoding() throws {
        let folder = try temporaryFolder()
        let input = try clip(folder)
        let good = try srt(folder, "en.srt", [try caseText("en")])
        let bad = folder.appendingPathComponent("ja.json")
        try #"{"segments": [{"start": 0.1, "end": "soon", "text": "字幕"}]}"#.write(to: bad, atomically: true, encoding: .utf8)
        let outputs = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        let run = try CLI.burn([
            input, "--captions", good, "--captions", bad.path, "-o", outputs.path + "/{name}.mp4", "--x264-preset", "ultrafast",
        ])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(bad.path): segments[0].end"), run.stderr)
        XCTAssertEqual(try files(in: outputs), [], "nothing written, no temporary file left")

        let requests = try BurnCombinations(
            base: BurnRequest(input: .file(input), captions: CaptionInput(file: good), output: .none),
            captions: [CaptionSource(path: good), CaptionSource(path: bad.path)], presets: ["tiktok"], looks: [nil],
            output: .file(outputs.path + "/{name}.mp4")
        ).requests()
        let before = MediaCounters.current
        XCTAssertThrowsError(try Burner.run(requests))
        XCTAssertEqual(MediaCounters.current.since(before).videoFramesDecoded, 0)
        XCTAssertEqual(try files(in: outputs), [])
    }

    /// One output's disk fills (a 64 KiB tmpfs in a mount namespace of its own): that output
    /// fails and leaves nothing; the other is complete, and the exit code is 1.
    func testAFullDiskFailsOnlyItsOutput() throws {
        let probe = try ProcessRunner.tool("unshare", ["-rm", "true"])
        try XCTSkipIf(probe.status != 0, "this machine cannot make a mount namespace: \(probe.stderr)")
        let folder = try temporaryFolder()
        let input = try clip(folder)
        let captions = try ["en", "ja"].map { try srt(folder, "\($0).srt", [caseText($0)]) }
        for language in ["en", "ja"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(language), withIntermediateDirectories: true)
        }
        let full = folder.appendingPathComponent("ja").path
        let command =
            ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", full, "&&", "exec", CLI.binary, input]
            + captions.flatMap { ["--captions", $0] }
            + ["-o", folder.path + "/{lang}/clip.mp4", "--x264-preset", "ultrafast", "--crf", "10"]
        let script = command.map { $0 == "&&" ? $0 : "'\($0)'" }.joined(separator: " ")
        let run = try ProcessRunner.tool("unshare", ["-rm", "sh", "-c", script + "; ls -A '\(full)'"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(full)/clip.mp4") || run.stderr.contains(".clip.mp4.partial"), run.stderr)
        XCTAssertTrue(run.stderr.contains("1 of 2 outputs failed"), run.stderr)
        XCTAssertEqual(run.stdout, "", "the full disk holds no file, not even a temporary one")
        let done = folder.appendingPathComponent("en/clip.mp4").path
        XCTAssertEqual(try fingerprint(done).frames.count, 60)
        XCTAssertEqual(try files(in: folder.appendingPathComponent("en")), ["clip.mp4"])
    }

    func testTwoCombinationsWritingOneFileAreAUsageError() throws {
        let folder = try temporaryFolder()
        let input = try clip(folder)
        let en = try srt(folder, "en.srt", ["Hello"])
        let ja = try srt(folder, "ja.srt", ["こんにちは"])
        let output = folder.appendingPathComponent("{preset}.mp4").path
        let run = try CLI.burn([input, "--captions", en, "--captions", ja, "-o", output])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(en) with preset tiktok and \(ja) with preset tiktok"), run.stderr)
        let unknown = try CLI.burn([input, "--captions", en, "-o", folder.appendingPathComponent("{language}.mp4").path])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("unknown placeholder {language}"), unknown.stderr)
        XCTAssertEqual(try files(in: folder).filter { $0.hasSuffix(".mp4") && $0 != "clip.mp4" }, [])
    }

    /// `{lang}`: the file's own language first, then the one given with it, its name, its words and script.
    func testTheLanguageOfEachFile() throws {
        let folder = try temporaryFolder()
        let input = try clip(folder)
        let whisper = folder.appendingPathComponent("talk.json")
        try #"{"language": "de", "segments": [{"start": 0.1, "end": 0.9, "text": "Hallo"}]}"#
            .write(to: whisper, atomically: true, encoding: .utf8)
        let given = try srt(folder, "given.srt", ["Hello"])
        let named = try srt(folder, "talk.pt-BR.srt", ["Olá"])
        let arabic = try srt(folder, "script.srt", ["مرحبا بكم"])
        let russian = try srt(folder, "other.srt", ["Привет всем"])
        // Latin script says `en`; the words say Spanish.
        let spanish = try srt(folder, "words.srt", ["Mi abuela ha vivido toda su vida en un pueblo cerca del mar y nunca quiere salir de su casa"])
        let base = BurnRequest(input: .file(input), captions: CaptionInput(file: given), output: .none)
        let requests = try BurnCombinations(
            base: base,
            captions: [
                CaptionSource(path: whisper.path, language: "fr"), CaptionSource(path: given, language: "it"),
                CaptionSource(path: named), CaptionSource(path: arabic), CaptionSource(path: russian),
                CaptionSource(path: spanish),
            ],
            presets: ["tiktok"], looks: [nil], output: .file(folder.path + "/{lang}.mp4")
        ).requests()
        XCTAssertEqual(
            requests.compactMap(\.output.path).map { URL(fileURLWithPath: $0).lastPathComponent },
            ["de.mp4", "it.mp4", "pt-BR.mp4", "ar.mp4", "ru.mp4", "es.mp4"])
        XCTAssertEqual(requests.map(\.captions.language), ["fr", "it", "pt-BR", nil, nil, nil])
        XCTAssertNil(CaptionLanguage.fromName("Samples/talk.srt"))
        XCTAssertNil(CaptionLanguage.fromName("final.srt"))
        XCTAssertEqual(CaptionLanguage.fromName("ja.srt"), "ja")
    }
}
