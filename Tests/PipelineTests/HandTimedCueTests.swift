import Foundation
import Media
import TestSupport
import XCTest

/// Hand-timed cues stay inside their time (robustness, third pass, item 8): a cue shown as
/// several captions shares its own start and end among them, with no piece held or snapped
/// past its end; a piece shorter than the shortest time is not made (the cue stays one
/// caption, set smaller, and `lint` says what was too much); a cue of no length is never drawn.
final class HandTimedCueTests: XCTestCase {
    /// 35 characters: more than tiktok's 32 a caption, but it fits tiktok's two lines.
    private let thirtyFive = "This is a hand timed cue of 35 chr"
    /// Far more than tiktok's two lines hold at their smallest size.
    private let tooLong =
        "This hand timed cue holds far too many words to be set in the two lines that the tiktok preset allows, "
        + "even at the smallest size its captions may take on the screen"

    private func write(_ text: String, _ folder: URL, _ name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// The cue of 56 characters, whose best line break is after "top": it fits tiktok's
    /// two lines, so as SubRip and as WebVTT it is one caption from its start to its end.
    func testACueThatFitsTwoLinesKeepsItsTimesWhole() throws {
        let folder = try temporaryFolder()
        let clip = try CLI.blackClips(in: folder).portrait
        let text = "Captions appear at the top and horizontally centered now"
        let srt = try write("1\n00:00:01,000 --> 00:00:04,000\n\(text)\n", folder, "cue.srt")
        let vtt = try write("WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n\(text)\n", folder, "cue.vtt")
        for file in [srt, vtt] {
            let captions = try plan([clip, "--captions", file, "--preset", "tiktok"])
            XCTAssertEqual(captions.map(\.text), [text], file)
            XCTAssertEqual(captions.first?.start, 1, file)
            XCTAssertEqual(captions.first?.end, 4, file)
            XCTAssertEqual(captions.first?.lines.count, 2, file)
        }
    }

    /// `plan` of `arguments`, which must succeed.
    private func plan(_ arguments: [String]) throws -> [Plan.Caption] {
        let result = try CLI.burn(["plan"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try Plan.decode(result.stdout).captions
    }

    /// The cue (2.0 to 3.8 s, tiktok), the same over 6 s (it fits tiktok's two lines:
    /// one caption, never cut in time to mend its lines) and one too long for them, which does
    /// split: every caption of a cue lies inside it, with or without a cut just after its end,
    /// and the last of a split cue ends where the cue does. (A cue shown whole is snapped as
    /// any caption is: `--shot-changes` asks for that.)
    func testNoPieceEndsAfterItsCue() throws {
        let folder = try temporaryFolder()
        let clip = try CLI.blackClips(in: folder).portrait
        for (start, end, text) in [(2.0, 3.8, thirtyFive), (2.0, 8.0, thirtyFive), (2.0, 8.0, tooLong)] {
            let srt = try write("1\n\(CLI.srtTime(start)) --> \(CLI.srtTime(end))\n\(text)\n", folder, "cue.srt")
            // A cut 0.5 s after the end (within 12 frames of a piece held to 0.8 s), and one
            // 0.2 s after it (within 12 frames of the end itself).
            let cuts = try write("\(end + 0.5)\n", folder, "cuts.txt")
            let near = try write("\(end + 0.2)\n", folder, "near.txt")
            let split = text == tooLong
            for shots in [[], ["--shot-changes", cuts]] + (split ? [["--shot-changes", near]] : []) {
                let captions = try plan([clip, "--captions", srt, "--preset", "tiktok"] + shots)
                let label = "\(start)-\(end) \(shots)"
                XCTAssertEqual(captions.map(\.text).joined(separator: " "), text, label)
                XCTAssertEqual(captions.first?.start, start, label)
                for caption in captions {
                    XCTAssertGreaterThanOrEqual(caption.start, start, "\(label): \(caption.text)")
                    XCTAssertLessThanOrEqual(caption.end, end, "\(label): \(caption.text) ends at \(caption.end)")
                    XCTAssertGreaterThanOrEqual(caption.end - caption.start, 0.8 - 1e-3, "\(label): \(caption.text)")
                }
                // A cue that fits its lines is one caption; one that does not is cut, the last piece to the cue's end.
                XCTAssertEqual(captions.count > 1, split, label)
                if split { XCTAssertEqual(captions.last?.end, end, label) }
            }
        }
    }

    /// A long cue in a short time (60 words in 2 s) is no longer shown as pieces of a few
    /// frames: its captions each last the shortest time at least, inside the cue, set below
    /// the preset's smallest size in at most two lines, and `lint` fails it with what was too
    /// much (the size, the line length) and says why it was not split.
    func testAPieceTooShortIsNotMadeAndLintSaysWhatWasTooMuch() throws {
        let folder = try temporaryFolder()
        let clip = try CLI.blackClips(in: folder).portrait
        let words = (0..<60).map { "word\($0)" }.joined(separator: " ")
        let srt = try write("1\n00:00:01,000 --> 00:00:03,000\n\(words)\n", folder, "long.srt")
        let captions = try plan([clip, "--captions", srt])
        XCTAssertEqual(captions.map(\.text).joined(separator: " "), words)
        let times = captions.map { String(format: "%.3f-%.3f", $0.start, $0.end) }
        XCTAssertEqual(captions.filter { $0.end - $0.start < 0.8 - 1e-3 }.count, 0, "shorter than 0.8 s: \(times)")
        XCTAssertEqual(captions.filter { $0.start < 1 || $0.end > 3 }.count, 0, "outside the cue: \(times)")
        XCTAssertEqual(captions.filter { $0.lines.count > 2 }.count, 0)
        XCTAssertEqual(captions.filter { $0.fontSize >= 40 }.count, 0, "set smaller than tiktok's 40 px: \(captions.map(\.fontSize))")
        let lint = try CLI.burn(["lint", clip, "--captions", srt, "--json"])
        XCTAssertEqual(lint.status, 1, lint.stdout + lint.stderr)
        struct Finding: Decodable {
            var line: Int?
            var rule: String
            var level: String
        }
        let findings = try JSONDecoder().decode([Finding].self, from: Data(lint.stdout.utf8))
        let rules = Set(findings.map { "\($0.rule) \($0.level)" })
        XCTAssertTrue(rules.isSuperset(of: ["fontSize error", "charactersPerLine error", "notSplit note"]), "\(rules)")
        XCTAssertFalse(rules.contains("minDuration warning"), "\(rules)")
        XCTAssertEqual(Set(findings.map(\.line)), [2])
    }

    /// A cue of no length is left out with one warning naming its line, and is never drawn:
    /// no frame of a render shows it, while the cue after it shows from its start.
    func testACueOfNoLengthIsNeverDrawn() throws {
        let folder = try temporaryFolder()
        let clip = folder.appendingPathComponent("clip.mp4").path
        try ProcessRunner.ffmpeg(["-f", "lavfi", "-i", "color=black:s=320x568:r=30:d=3", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", clip])
        let srt = try write(
            "1\n00:00:00,500 --> 00:00:00,500\nHidden data\n\n2\n00:00:02,000 --> 00:00:02,500\nShown\n\n"
                + "3\n00:00:02,800 --> 00:00:02,800\nMore hidden\n", folder, "hidden.srt")
        let captions = try plan([clip, "--captions", srt])
        XCTAssertEqual(captions.map(\.text), ["Shown"])
        let output = folder.appendingPathComponent("out.mp4").path
        let render = try CLI.burn([clip, "--captions", srt, "-o", output, "--x264-preset", "ultrafast"])
        XCTAssertEqual(render.status, 0, render.stderr)
        let warnings = render.stderr.split(separator: "\n").filter { $0.contains("no length") }
        XCTAssertEqual(warnings.count, 1, render.stderr)
        XCTAssertTrue(warnings.first?.contains("\(srt):2: 2 cues of no length") == true, render.stderr)
        var frames: [Int] = []
        try FrameReader(path: output).forEachFrame { time, luma in
            if luma.values.contains(where: { $0 > 200 }) { frames.append(Int((time * 30).rounded())) }
            return true
        }
        // "Shown" from 2.0 s (frame 60) to its held end (0.8 s); nothing at 0.5 s or after 2.8 s.
        XCTAssertEqual(frames.first, 60)
        XCTAssertTrue(frames.allSatisfy { (60..<84).contains($0) }, "\(frames)")
    }
}
