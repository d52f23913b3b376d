import Foundation
import Pipeline
import Settings
import TestSupport
import XCTest

/// `burn-captions lint`: each case of Tests/Cases/lint.json reports exactly its rules, as
/// valid JSON, with the exit code its levels give; the sample breaks no error-level rule.
final class LintTests: XCTestCase {
    private struct Cases: Decodable {
        struct Cue: Decodable {
            var start: Double
            var end: Double
            var text: String
        }
        struct Case: Decodable {
            var name: String
            var language: String?  // none: the file names none, and lint tells it from the words
            var preset: String?
            var start: Double
            var end: Double
            var text: String
            var next: Cue?
            var expect: [String]
            var exit: Int32
        }
        var cases: [Case]
    }

    private struct Finding: Decodable {
        var file: String
        var line: Int?
        var start: Double
        var end: Double
        var text: String
        var rule: String
        var level: String
        var limit: Double?
        var value: Double?
        var message: String
        var source: String?
    }

    func testEachCaseReportsItsRulesAndExitCode() throws {
        let folder = try temporaryFolder()
        let cases = try Repository.cases(Cases.self, "lint.json").cases
        let clips = try CLI.blackClips(in: folder)
        for item in cases {
            var srt = "1\n\(CLI.srtTime(item.start)) --> \(CLI.srtTime(item.end))\n\(item.text)\n"
            if let next = item.next { srt += "\n2\n\(CLI.srtTime(next.start)) --> \(CLI.srtTime(next.end))\n\(next.text)\n" }
            let captions = folder.appendingPathComponent("case.srt")
            try srt.write(to: captions, atomically: true, encoding: .utf8)
            let clip = item.preset == "youtube" ? clips.landscape : clips.portrait
            let result = try CLI.burn(
                ["lint", clip, "--captions", captions.path, "--json"] + (item.language.map { ["--language", $0] } ?? [])
                    + (item.preset.map { ["--preset", $0] } ?? []))
            XCTAssertEqual(result.status, item.exit, "\(item.name): \(result.stdout) \(result.stderr)")
            let findings = try JSONDecoder().decode([Finding].self, from: Data(result.stdout.utf8))
            XCTAssertEqual(Set(findings.map(\.rule)), Set(item.expect), "\(item.name): \(findings.map(\.message))")
            for finding in findings {
                XCTAssertEqual(finding.file, captions.path)
                XCTAssertEqual(finding.line, 2, "\(item.name): the cue's text line")
                XCTAssertFalse(finding.source?.isEmpty ?? true)
                // The value breaks the limit on the side the rule names (a bad end has no value).
                guard finding.rule != "boundary" else { continue }
                let above = ["charactersPerLine", "linesPerCaption", "readingSpeed", "maxDuration"].contains(finding.rule)
                let (value, limit) = (finding.value ?? .nan, finding.limit ?? .nan)
                XCTAssertTrue(above ? value > limit : value < limit, "\(item.name): \(finding)")
            }
        }
    }

    func testTheSampleBreaksNoErrorLevelRuleAndTextOutputNamesTheLine() throws {
        let result = try CLI.burn(["lint", CLI.samples.appendingPathComponent("talk.mp4").path, "--captions", CLI.samples.appendingPathComponent("talk.srt").path])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        for line in result.stdout.split(separator: "\n") {
            XCTAssertTrue(line.contains("talk.srt:") && (line.contains("(warning)") || line.contains("(note)")), String(line))
        }
    }

    func testPlanCarriesTheSameFindingsPerCaption() throws {
        let talk = CLI.samples.appendingPathComponent("talk.mp4").path
        let captions = CLI.samples.appendingPathComponent("talk.json").path
        let lint = try CLI.burn(["lint", talk, "--captions", captions, "--json"])
        let findings = try JSONDecoder().decode([Finding].self, from: Data(lint.stdout.utf8))
        let plan = try CLI.burn(["plan", talk, "--captions", captions])
        XCTAssertEqual(plan.status, 0, plan.stderr)
        let document = try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as! [String: Any]
        let planned = (document["captions"] as! [[String: Any]]).flatMap { caption in
            // The plan holds exact times; lint's findings, milliseconds.
            ((caption["findings"] as? [[String: Any]]) ?? []).map {
                "\(((caption["start"] as! Double) * 1000).rounded() / 1000) \($0["rule"]!) \($0["message"]!)"
            }
        }
        XCTAssertEqual(planned, findings.map { "\($0.start) \($0.rule) \($0.message)" })
        XCTAssertFalse(findings.isEmpty, "the sample has a caption extended to 5/6 s")
    }

    func testTheMostSpecificRowOfTheTableWins() throws {
        let rules = try ReadingRules.shipped()
        XCTAssertEqual(rules.row(.charactersPerLine, language: "zh-Hant-TW")?.limit, 16, "zh-Hant-TW takes zh's row")
        XCTAssertEqual(rules.row(.charactersPerLine, language: "ja")?.limit, 13)
        XCTAssertEqual(rules.row(.readingSpeed, language: "en-GB")?.limit, 20, "en-GB takes en's row")
        XCTAssertEqual(rules.row(.readingSpeed, language: "fr")?.limit, 17, "the row for every language")
        XCTAssertEqual(rules.row(.maxDuration, language: nil)?.level, .error)
    }

    /// Without a video, lint plans on the preset's frame at --fps (30 by default): the sample's
    /// SubRip file gives what it gives with the sample (1080x1920, 30 fps); a start 0.45 s
    /// before a cut is 13.5 frames from it at 30 fps (left) and 11.25 at 25 (snapped).
    func testACaptionFileAloneIsCheckedOnThePresetsFrame() throws {
        let talk = CLI.samples.appendingPathComponent("talk.mp4").path
        let srt = CLI.samples.appendingPathComponent("talk.srt").path
        let alone = try CLI.burn(["lint", "--captions", srt, "--json"])
        let withVideo = try CLI.burn(["lint", talk, "--captions", srt, "--json"])
        XCTAssertEqual(alone.status, 0, alone.stderr)
        XCTAssertEqual(alone.stdout, withVideo.stdout)
        let folder = try temporaryFolder()
        let captions = folder.appendingPathComponent("one.srt")
        try "1\n00:00:01,000 --> 00:00:03,000\nFirst line here\n".write(to: captions, atomically: true, encoding: .utf8)
        let cuts = folder.appendingPathComponent("cuts.txt")
        try "1.45\n".write(to: cuts, atomically: true, encoding: .utf8)
        let arguments = ["lint", "--captions", captions.path, "--language", "en", "--shot-changes", cuts.path, "--json"]
        let at30 = try CLI.burn(arguments)
        XCTAssertEqual(at30.status, 0, at30.stdout + at30.stderr)
        XCTAssertEqual(try JSONDecoder().decode([Finding].self, from: Data(at30.stdout.utf8)).map(\.rule), [])
        let at25 = try CLI.burn(arguments + ["--fps", "25"])
        XCTAssertEqual(at25.status, 0, at25.stdout + at25.stderr)
        XCTAssertEqual(try JSONDecoder().decode([Finding].self, from: Data(at25.stdout.utf8)).map(\.rule), ["shotChange"])
        XCTAssertEqual(try CLI.burn(["lint", "--captions", captions.path, "--shot-changes", "auto"]).status, 2)
        XCTAssertEqual(try CLI.burn(["lint", talk, "--captions", captions.path, "--fps", "25"]).status, 2)
        XCTAssertEqual(try CLI.burn(["plan", "--captions", captions.path]).status, 2, "plan needs the video")
    }

    func testLintTakesNoOutputAndJSONIsOnlyForLint() throws {
        let talk = CLI.samples.appendingPathComponent("talk.mp4").path
        let captions = CLI.samples.appendingPathComponent("talk.json").path
        XCTAssertEqual(try CLI.burn(["lint", talk, "--captions", captions, "-o", "x.mp4"]).status, 2)
        XCTAssertEqual(try CLI.burn(["plan", talk, "--captions", captions, "--json"]).status, 2)
    }
}
