import Captions
import Foundation
import TestSupport
import XCTest

@testable import CaptionFiles

final class ASSExportTests: XCTestCase {
    private let style = ASSStyle(
        playResX: 1080, playResY: 1920, fontName: "Noto Sans", fontSize: 80, outlineWidth: 6, anchorX: 540,
        anchorY: 1500, marginL: 60, marginR: 60)

    /// The captions of the openai-whisper fixture, as a render makes them.
    private func whisperCaptions() throws -> [Caption] {
        let transcript = try CaptionReader.parse(Data(WhisperJSONReaderTests.openAI.utf8), file: "w.json", format: nil)
        var warnings: [String] = []
        return CaptionBuilder.captions(from: transcript, warnings: &warnings)
    }

    /// Centiseconds of `H:MM:SS.cc`.
    private func centiseconds(_ time: Substring) throws -> Int {
        let parts = time.split(separator: ":")
        XCTAssertEqual(parts.count, 3, String(time))
        let seconds = try XCTUnwrap(Double(parts[2]))
        return try XCTUnwrap(Int(parts[0])) * 360_000 + XCTUnwrap(Int(parts[1])) * 6000 + Int((seconds * 100).rounded())
    }

    func testHeaderStyleAndKaraokeDurations() throws {
        var captions = try whisperCaptions()
        captions.append(
            Caption(
                text: "{braces} and a\\Name\nsecond line", start: 3, end: 4.333,
                words: [Word(text: "{braces}", start: 2.9, end: 3.5), Word(text: "line", start: 3.9, end: 4.4)]))
        let lines = CaptionWriter.ass(captions, style: style).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.first, "[Script Info]")
        for expected in ["ScriptType: v4.00+", "PlayResX: 1080", "PlayResY: 1920", "WrapStyle: 0", "ScaledBorderAndShadow: yes"] {
            XCTAssertTrue(lines.contains(Substring(expected)), expected)
        }
        let styles = try XCTUnwrap(lines.firstIndex(of: "[V4+ Styles]"))
        let events = try XCTUnwrap(lines.firstIndex(of: "[Events]"))
        XCTAssertLessThan(styles, events)
        let styleFormat = lines[styles + 1].dropFirst("Format: ".count).split(separator: ",").map { $0.trimmingWhitespace() }
        let styleValues = lines[styles + 2].dropFirst("Style: ".count).split(separator: ",", omittingEmptySubsequences: false)
        XCTAssertEqual(styleFormat.count, 23)
        XCTAssertEqual(styleValues.count, styleFormat.count)
        let named = Dictionary(uniqueKeysWithValues: zip(styleFormat.map(String.init), styleValues.map(String.init)))
        XCTAssertEqual(named["Fontname"], "Noto Sans")
        XCTAssertEqual(named["Fontsize"], "80")
        XCTAssertEqual(named["Bold"], "-1")
        XCTAssertEqual(named["PrimaryColour"], "&H00FFFFFF")
        XCTAssertEqual(named["SecondaryColour"], "&H00A0A0A0")
        XCTAssertEqual(named["BackColour"], "&HFF000000")
        XCTAssertEqual(named["Outline"], "6")
        XCTAssertEqual(named["Alignment"], "5")
        XCTAssertEqual(named["MarginL"], "60")
        let eventFormat = lines[events + 1].dropFirst("Format: ".count).split(separator: ",")
        XCTAssertEqual(eventFormat.count, 10)

        let dialogues = lines.filter { $0.hasPrefix("Dialogue: ") }
        XCTAssertEqual(dialogues.count, captions.count)
        for (line, caption) in zip(dialogues, captions) {
            let fields = line.dropFirst("Dialogue: ".count).split(separator: ",", maxSplits: 9, omittingEmptySubsequences: false)
            XCTAssertEqual(fields.count, 10, String(line))
            let start = try centiseconds(fields[1])
            let end = try centiseconds(fields[2])
            XCTAssertEqual(start, Int((caption.start * 100).rounded()))
            XCTAssertEqual(end, Int((caption.end * 100).rounded()))
            let text = fields[9]
            XCTAssertTrue(text.hasPrefix("{\\an5\\pos(540,1500)}"), String(text))
            let durations = text.matches(of: /\\k(\d+)/).map { Int($0.1)! }
            let gap = caption.words.first.map { ($0.start - caption.start) * 100 >= 0.5 } ?? false
            XCTAssertEqual(durations.count, caption.words.count + (gap ? 1 : 0), String(text))
            XCTAssertEqual(Double(durations.reduce(0, +)), ((caption.end - caption.start) * 100).rounded(), accuracy: 1)
        }
        // Braces and a backslash stay text; the line break is \N.
        XCTAssertEqual(
            dialogues.last?.split(separator: ",", maxSplits: 9, omittingEmptySubsequences: false).last,
            "{\\an5\\pos(540,1500)}{\\k90}\\{braces\\} and a\\\u{2060}Name\\Nsecond {\\k43}line")
    }

    func testOneCaptionExactly() {
        let caption = Caption(
            text: "Hello there", start: 61, end: 62.5, speaker: "Ana, host",
            words: [Word(text: "Hello", start: 61.2, end: 61.6), Word(text: "there", start: 61.6, end: 62.5)])
        let line = CaptionWriter.ass([caption], style: style).split(separator: "\n").last
        XCTAssertEqual(line, "Dialogue: 0,0:01:01.00,0:01:02.50,Default,Ana  host,0,0,0,,{\\an5\\pos(540,1500)}{\\k20}{\\k40}Hello {\\k90}there")
        var plain = style
        plain.karaoke = false
        XCTAssertEqual(
            CaptionWriter.ass([caption], style: plain).split(separator: "\n").last?
                .split(separator: ",", maxSplits: 9, omittingEmptySubsequences: false).last,
            "{\\an5\\pos(540,1500)}Hello there")
    }

    func testColoursAndNumbers() {
        XCTAssertEqual(ASSStyle.Color(red: 0x11, green: 0x22, blue: 0x33).assValue, "&H00332211")
        XCTAssertEqual(ASSStyle.Color(red: 0xFF, green: 0, blue: 0x0A, alpha: 0x80).assValue, "&H7F0A00FF")
        XCTAssertEqual(ASSStyle.Color(red: 0, green: 0, blue: 0, alpha: 0).assValue, "&HFF000000")
        XCTAssertEqual([80, 72.5, 3.25, 0.1].map(CaptionWriter.number), ["80", "72.5", "3.25", "0.1"])
        XCTAssertEqual(CaptionWriter.assEscape("a\\b \\h \\"), "a\\b \\\u{2060}h \\\u{2060}")
        XCTAssertEqual([0, 99, 6000, 360_123].map(CaptionWriter.assTime), ["0:00:00.00", "0:00:00.99", "0:01:00.00", "1:00:01.23"])
    }

    /// libass (ffmpeg's subtitles filter) draws the export's first caption around the anchor and nowhere else.
    func testFFmpegDrawsTheCaptionAtTheAnchor() throws {
        let filters = try ProcessRunner.tool("ffmpeg", ["-hide_banner", "-filters"])
        // scripts/setup.sh installs Debian's ffmpeg, which has libass: a missing filter fails.
        XCTAssertTrue(filters.stdout.contains(" subtitles "), "ffmpeg has no subtitles filter (libass)")
        let font = URL(fileURLWithPath: "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf")
        XCTAssertTrue(FileManager.default.fileExists(atPath: font.path), "Noto Sans is not installed (fonts-noto-core)")
        let folder = try temporaryFolder()
        let ass = folder.appendingPathComponent("w.ass")
        let png = folder.appendingPathComponent("frame.png")
        let captions = try whisperCaptions()
        try CaptionWriter.ass(captions, style: style).write(to: ass, atomically: true, encoding: .utf8)
        let time = (captions[0].start + captions[0].end) / 2
        let run = try ProcessRunner.run(
            "/usr/bin/env",
            [
                "ffmpeg", "-nostdin", "-y", "-v", "error", "-f", "lavfi", "-i", "color=black:s=1080x1920:d=2", "-vf",
                "subtitles=\(ass.path):fontsdir=\(font.deletingLastPathComponent().path)", "-ss", String(time),
                "-frames:v", "1", png.path,
            ], environment: ["FONTCONFIG_FILE": Repository.fontsConf.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        var near = 0
        var far = 0
        try FrameReader(path: png.path).forEachFrame { _, luma in
            XCTAssertEqual([luma.width, luma.height], [1080, 1920])
            for y in 0..<luma.height {
                for x in 0..<luma.width where luma.values[y * luma.width + x] > 128 {
                    if abs(y - 1500) < 200 && abs(x - 540) < 520 { near += 1 } else { far += 1 }
                }
            }
            return false
        }
        XCTAssertGreaterThan(near, 2000, "the caption around the anchor")
        XCTAssertEqual(far, 0, "nothing drawn away from the anchor")
    }
}
