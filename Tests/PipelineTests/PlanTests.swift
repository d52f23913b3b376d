import Foundation
import TestSupport
import XCTest

/// `burn-captions plan` and `--export-captions`: the final captions as data.
final class PlanTests: XCTestCase {
    private let talk = CLI.samples.appendingPathComponent("talk.mp4").path

    /// `json` written to `name` in `folder`.
    private func captionsFile(_ name: String, in folder: URL, _ json: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try json.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    private func plan(_ arguments: [String]) throws -> Plan {
        let result = try CLI.burn(["plan", talk] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try Plan.decode(result.stdout)
    }

    func testPlanOnTheSamplePrintsTheCaptionsWithWords() throws {
        let plan = try plan(["--captions", CLI.samples.appendingPathComponent("talk.json").path, "--preset", "tiktok"])
        XCTAssertGreaterThanOrEqual(plan.captions.count, 7)
        XCTAssertEqual(plan.captions.first?.text, "Captions that pop")
        XCTAssertTrue(plan.captions.contains { $0.text == "Save 5% on $20 plans" })
        for caption in plan.captions {
            XCTAssertEqual(caption.language, "en")
            XCTAssertLessThan(caption.start, caption.end)
            XCTAssertFalse(caption.words.isEmpty)
            XCTAssertTrue(caption.words.allSatisfy { $0.start >= caption.start - 0.001 && $0.end <= caption.end + 0.001 })
        }
        XCTAssertTrue(zip(plan.captions, plan.captions.dropFirst()).allSatisfy { $0.end < $1.start })
        // Layout: the frame, the tiktok safe area, and each caption's lines and box inside it.
        XCTAssertEqual(plan.frame.width, 1080)
        XCTAssertEqual(plan.frame.height, 1920)
        XCTAssertEqual(plan.safeArea.x, 120)
        XCTAssertEqual(plan.safeArea.width, 768)
        for caption in plan.captions {
            XCTAssertTrue((1...2).contains(caption.lines.count))
            XCTAssertEqual(caption.lines.map(\.text).joined(separator: " "), caption.text)
            XCTAssertEqual(caption.lines.flatMap(\.fonts), caption.lines.map { _ in "Noto Sans" })
            XCTAssertGreaterThanOrEqual(caption.fontSize, 40)
            XCTAssertGreaterThanOrEqual(caption.box.x, plan.safeArea.x)
            XCTAssertLessThanOrEqual(caption.box.x + caption.box.width, plan.safeArea.x + plan.safeArea.width + 0.01)
            XCTAssertGreaterThanOrEqual(caption.box.y, plan.safeArea.y)
            XCTAssertLessThanOrEqual(caption.box.y + caption.box.height, plan.safeArea.y + plan.safeArea.height + 0.01)
            let widest = caption.lines.map(\.width).max() ?? 0
            XCTAssertLessThanOrEqual(widest, caption.box.width)
        }
    }

    func testCaptionTooLongForTwoLinesIsSplitInTime() throws {
        let folder = try temporaryFolder()
        let captions = folder.appendingPathComponent("long.json")
        let words = "and then we walked along the river for a very long time talking about everything under the sun"
            .split(separator: " ")
        let timed = words.enumerated().map { i, word in
            "{\"text\": \"\(word)\", \"start\": \(1 + Double(i) * 0.15), \"end\": \(1 + Double(i) * 0.15 + 0.12)}"
        }
        try """
            {"segments": [{"start": 1, "end": \(1 + Double(words.count) * 0.15), "text": "\(words.joined(separator: " "))",
              "words": [\(timed.joined(separator: ","))]}]}
            """.write(to: captions, atomically: true, encoding: .utf8)
        // A preset allowing long captions in time and characters, so only the layout can split it.
        let preset = folder.appendingPathComponent("wide-limits.json")
        var json = try String(contentsOf: CLI.root.appendingPathComponent("Presets/tiktok.json"), encoding: .utf8)
        json = json.replacingOccurrences(of: "\"maxCharacters\": 32, \"maxDuration\": 3.5", with: "\"maxCharacters\": 400, \"maxDuration\": 60")
        json = json.replacingOccurrences(of: "\"size\": 64, \"minimumSize\": 40", with: "\"size\": 80, \"minimumSize\": 64")
        try json.write(to: preset, atomically: true, encoding: .utf8)
        let plan = try plan(["--captions", captions.path, "--preset", preset.path, "--no-timing-fix"])
        XCTAssertGreaterThan(plan.captions.count, 1)
        XCTAssertEqual(plan.captions.map(\.text).joined(separator: " "), words.joined(separator: " "))
        for caption in plan.captions {
            XCTAssertLessThanOrEqual(caption.lines.count, 2)
            XCTAssertGreaterThanOrEqual(caption.fontSize, 64)
        }
        XCTAssertTrue(zip(plan.captions, plan.captions.dropFirst()).allSatisfy { $0.end < $1.start })
    }

    func testNumbersAndSymbolsSurviveToTheCaptionText() throws {
        let folder = try temporaryFolder()
        let srt = folder.appendingPathComponent("symbols.srt")
        let text = "5% $20 3.5 1,000 10:30 25°C #1 @home 1/2 €5"
        try "1\n00:00:01,000 --> 00:00:03,000\n\(text)\n".write(to: srt, atomically: true, encoding: .utf8)
        let plan = try plan(["--captions", srt.path, "--preset", "tiktok"])
        let shown = plan.captions.map(\.text).joined(separator: " ")
        XCTAssertEqual(shown, text)
    }

    func testScriptGivesTraditionalFormAndPunctuation() throws {
        let folder = try temporaryFolder()
        let captions = try captionsFile(
            "zh.json", in: folder,
            """
            {"language": "zh-TW", "segments": [{"start": 1, "end": 3, "text": "我们今天讨论视频字幕",
              "words": [{"text": "我们", "start": 1, "end": 1.5}, {"text": "今天", "start": 1.5, "end": 2},
                        {"text": "讨论", "start": 2, "end": 2.4}, {"text": "视频字幕", "start": 2.4, "end": 3}]}]}
            """)
        let script = folder.appendingPathComponent("script.txt")
        try "我們今天討論視頻字幕。\n".write(to: script, atomically: true, encoding: .utf8)
        let plan = try plan(["--captions", captions.path, "--script", script.path])
        XCTAssertEqual(plan.captions.map(\.text), ["我們今天討論視頻字幕。"])
        XCTAssertEqual(plan.captions.first?.language, "zh-TW")
    }

    func testExportWritesTheSameCaptionsTheRenderUses() throws {
        let folder = try temporaryFolder()
        let json = CLI.samples.appendingPathComponent("talk.json").path
        let short = folder.appendingPathComponent("short.mp4").path
        XCTAssertEqual(try ProcessRunner.tool("ffmpeg", ["-v", "error", "-i", talk, "-t", "3", "-c", "copy", short]).status, 0)
        let srt = folder.appendingPathComponent("final.srt").path
        let result = try CLI.burn([
            short, "--captions", json, "-o", folder.appendingPathComponent("out.mp4").path, "--x264-preset",
            "ultrafast", "--export-captions", srt,
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let exported = try String(contentsOfFile: srt, encoding: .utf8)
        XCTAssertTrue(exported.hasPrefix("1\n00:00:00,500 --> 00:00:02,029\nCaptions that pop\n"), exported)
    }

    /// "Burned" is spoken from 5.072 s; a recognizer that stamps it from 4.70 s (absorbing the
    /// pause) is corrected from the audio unless --no-timing-fix.
    func testTimingFixMovesAnEarlyPhraseStartToTheSpeech() throws {
        let folder = try temporaryFolder()
        let captions = try captionsFile(
            "early.json", in: folder,
            """
            {"language": "en", "segments": [{"start": 4.70, "end": 6.297, "text": "Burned right in.",
              "words": [{"text": "Burned", "start": 4.70, "end": 5.467}, {"text": "right", "start": 5.547, "end": 5.924},
                        {"text": "in.", "start": 6.005, "end": 6.297}]}]}
            """)
        let fixed = try plan(["--captions", captions.path])
        XCTAssertEqual(fixed.captions[0].start, 5.072, accuracy: 0.1)
        let raw = try plan(["--captions", captions.path, "--no-timing-fix"])
        XCTAssertEqual(raw.captions[0].start, 4.70, accuracy: 0.001)
    }

    /// SubRip converted from ASS: `\N` is laid out as the line break of a cue's second line
    /// (two lines here), and a `\h` no-break space is never where a line breaks.
    func testASSEscapesAreALineBreakAndANoBreakSpace() throws {
        let folder = try temporaryFolder()
        let escaped = try captionsFile(
            "ass.srt", in: folder,
            "1\n00:00:01,000 --> 00:00:04,000\nTop line here\\Nbottom line\n\n"
                + "2\n00:00:05,000 --> 00:00:08,000\nWe counted 10\\h000 people\n")
        let twin = try captionsFile("plain.srt", in: folder, "1\n00:00:01,000 --> 00:00:04,000\nTop line here\nbottom line\n")
        let escapedPlan = try plan(["--captions", escaped.path])
        let twinPlan = try plan(["--captions", twin.path])
        XCTAssertEqual(escapedPlan.captions[0].lines.map(\.text), twinPlan.captions[0].lines.map(\.text))
        XCTAssertEqual(escapedPlan.captions[0].lines.count, 2)
        XCTAssertFalse(escapedPlan.captions.contains { $0.text.contains("\\") })
        let lines = escapedPlan.captions[1].lines.map(\.text)
        XCTAssertEqual(lines.count, 2, "\(lines)")
        XCTAssertEqual(lines.filter { $0.contains("10\u{A0}000") }.count, 1, "\(lines)")
    }

    /// A Windows-1252 file fails naming the encoding and the option; with the option, or as
    /// UTF-16 with a BOM, it reads as its UTF-8 twin.
    func testCaptionsInOtherEncodings() throws {
        let folder = try temporaryFolder()
        let text = "1\n00:00:01,000 --> 00:00:03,000\n“Quoted” for €5…\n"
        let legacy = folder.appendingPathComponent("legacy.srt")
        try text.data(using: .windowsCP1252)!.write(to: legacy)
        let refused = try CLI.burn(["plan", talk, "--captions", legacy.path])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(
            refused.stderr,
            "burn-captions: \(legacy.path):3: invalid UTF-8; it looks like windows-1252: try --captions-encoding windows-1252\n")
        let named = try plan(["--captions", legacy.path, "--captions-encoding", "windows-1252"])
        XCTAssertEqual(named.captions.map(\.text), ["“Quoted” for €5…"])
        let utf16 = folder.appendingPathComponent("utf16.srt")
        try (Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!).write(to: utf16)
        XCTAssertEqual(try plan(["--captions", utf16.path]).captions.map(\.text), ["“Quoted” for €5…"])
        let unknown = try CLI.burn(["plan", talk, "--captions", legacy.path, "--captions-encoding", "klingon"])
        XCTAssertEqual(unknown.status, 2, unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("ICU knows no encoding \"klingon\""), unknown.stderr)
    }

    /// A malformed cue is left out with a warning, as a player skips it; `--strict` fails instead.
    func testAMalformedCueIsLeftOutUnlessStrict() throws {
        let folder = try temporaryFolder()
        let srt = try captionsFile(
            "one-bad.srt", in: folder,
            "1\n00:00:01,000 --> 00:00:02,000\nGood\n\n2\n00:00:03,000 -> 00:00:04,000\nBad\n\n3\n00:00:05,000 --> 00:00:06,000\nFine\n")
        let lenient = try CLI.burn(["plan", talk, "--captions", srt.path])
        XCTAssertEqual(lenient.status, 0, lenient.stderr)
        XCTAssertEqual(try Plan.decode(lenient.stdout).captions.map(\.text), ["Good", "Fine"])
        XCTAssertEqual(
            lenient.stderr,
            "burn-captions: warning: \(srt.path):5: expected a timing line `00:00:01,000 --> 00:00:02,000`; cue left out\n")
        let strict = try CLI.burn(["plan", talk, "--captions", srt.path, "--strict"])
        XCTAssertEqual(strict.status, 1)
        XCTAssertEqual(strict.stderr, "burn-captions: \(srt.path):5: expected a timing line `00:00:01,000 --> 00:00:02,000`\n")
    }

    func testPlanUsageErrors() throws {
        let json = CLI.samples.appendingPathComponent("talk.json").path
        let folder = try temporaryFolder()
        let video = folder.appendingPathComponent("x.mp4").path
        XCTAssertEqual(try CLI.burn(["plan", talk, "--captions", json, "-o", video]).status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: video))
        XCTAssertEqual(try CLI.burn(["plan", "--captions", json]).status, 2)
        XCTAssertEqual(try CLI.burn(["plan", talk, "--captions", json, "--segments", "0"]).status, 2)
        XCTAssertEqual(try CLI.burn([talk, "--captions", json, "--segments", "2", "-o", video]).status, 2)
    }

    /// `plan -o FILE` writes what `plan` prints, whole (no temporary file left).
    func testPlanWrittenToAFileIsWhatItPrints() throws {
        let folder = try temporaryFolder()
        let json = CLI.samples.appendingPathComponent("talk.json").path
        let path = folder.appendingPathComponent("plan.json").path
        let written = try CLI.burn(["plan", talk, "--captions", json, "-o", path])
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(written.stdout, "")
        let printed = try CLI.burn(["plan", talk, "--captions", json])
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), printed.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["plan.json"])
    }
}

/// `--export-captions FILE.ass` from a render: karaoke timings, the look's colours and the
/// preset's placement, played by FFmpeg's `subtitles` filter (libass).
final class ASSExportPlaybackTests: XCTestCase {
    func testTheExportOfAWhisperFilePlaysInFFmpegsSubtitlesFilter() throws {
        let folder = try temporaryFolder()
        let whisper = folder.appendingPathComponent("talk.whisper.json")
        try """
            {"text": " Captions that pop", "language": "en", "segments": [{"id": 0, "start": 0.4, "end": 2.0,
              "text": " Captions that pop", "words": [{"word": " Captions", "start": 0.5, "end": 1.1, "probability": 0.9},
              {"word": " that", "start": 1.2, "end": 1.5, "probability": 0.9}, {"word": " pop", "start": 1.6, "end": 2.0, "probability": 0.9}]}]}
            """.write(to: whisper, atomically: true, encoding: .utf8)
        let ass = folder.appendingPathComponent("talk.ass")
        let talk = CLI.samples.appendingPathComponent("talk.mp4").path
        let burned = try CLI.burn([talk, "--captions", whisper.path, "--look", "highlight", "--null", "-q", "--export-captions", ass.path])
        XCTAssertEqual(burned.status, 0, burned.stderr)
        let script = try String(contentsOf: ass, encoding: .utf8)
        XCTAssertTrue(script.contains("PlayResX: 1080"), script)
        XCTAssertTrue(script.contains("{\\k"), "karaoke timings: \(script)")
        XCTAssertTrue(script.contains("&H003DD8FF"), "the look's accent #FFD83D as the karaoke colour: \(script)")
        // One frame mid-caption, with the subtitles and without: they differ only around the preset's anchor.
        func frame(_ filter: String?) throws -> [UInt8] {
            let raw = folder.appendingPathComponent("frame-\(filter == nil ? "plain" : "ass").gray")
            try ProcessRunner.ffmpeg(
                // Seeking after the input keeps the timestamps the subtitles filter times its events by.
                ["-i", talk, "-ss", "1.3"] + (filter.map { ["-vf", $0] } ?? [])
                    + ["-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray", raw.path])
            return Array(try Data(contentsOf: raw))
        }
        let plain = try frame(nil)
        let subtitled = try frame("subtitles=\(ass.path):fontsdir=/usr/share/fonts/truetype/noto")
        XCTAssertEqual(plain.count, 1080 * 1920)
        XCTAssertEqual(subtitled.count, plain.count)
        var near = 0
        var far = 0
        for i in plain.indices where abs(Int(plain[i]) - Int(subtitled[i])) > 40 {
            // tiktok's anchor: x 504, y 1152.
            if abs(i % 1080 - 504) < 400 && abs(i / 1080 - 1152) < 150 { near += 1 } else { far += 1 }
        }
        XCTAssertGreaterThan(near, 2000, "the caption drawn around the anchor")
        XCTAssertEqual(far, 0, "nothing drawn away from the anchor")
    }
}
