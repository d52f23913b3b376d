import CaptionCases
import Foundation
import Pipeline
import Settings
import TestSupport
import XCTest

/// The reading rules as the chunker applies them and `lint` reports them: each case of
/// Tests/Cases/reading.json gives the captions `plan` must show and the rules and notes
/// `lint` must report; a timed file per golden-image language breaks no error-level rule;
/// `--shot-changes auto` finds the cuts of a decoded video.
final class ReadingRuleTests: XCTestCase {
    private struct Cases: Decodable {
        struct Cue: Decodable {
            var start: Double
            var end: Double
            var text: String
            var words: [String]?
        }
        struct Expected: Decodable {
            var text: String
            var start: Double?
            var end: Double?
            var lines: Int?
        }
        struct Case: Decodable {
            var name: String
            var language: String
            var format: String
            var preset: String?
            var cues: [Cue]
            var cuts: [String]?
            var maxWords: Int?
            var captions: [Expected]
            var lint: [String]
            var exit: Int32
        }
        var cases: [Case]
    }

    private struct Planned: Decodable {
        struct Line: Decodable { var text: String }
        var text: String
        var start: Double
        var end: Double
        var lines: [Line]
    }

    private struct Finding: Decodable {
        var rule: String
        var level: String
        var message: String
        var text: String
    }

    /// A native JSON file of `cues` whose words a recognizer timed: the cue's words (or its
    /// text split at spaces) spread over the cue by their length.
    private func recognized(_ cues: [Cases.Cue], language: String) throws -> Data {
        let segments = cues.map { cue -> [String: Any] in
            let words = cue.words ?? cue.text.split(separator: " ").map(String.init)
            let total = Double(words.reduce(0) { $0 + $1.count })
            var start = cue.start
            let timed = words.map { word -> [String: Any] in
                let end = start + (cue.end - cue.start) * Double(word.count) / total
                defer { start = end }
                return ["text": word, "start": start, "end": end]
            }
            return ["start": cue.start, "end": cue.end, "text": cue.text, "words": timed]
        }
        return try JSONSerialization.data(withJSONObject: ["language": language, "segments": segments])
    }

    private func srt(_ cues: [Cases.Cue]) -> String {
        cues.enumerated().map { "\($0.offset + 1)\n\(CLI.srtTime($0.element.start)) --> \(CLI.srtTime($0.element.end))\n\($0.element.text)\n" }
            .joined(separator: "\n")
    }

    func testEachCaseIsAppliedByTheChunkerAndReportedByLint() throws {
        let folder = try temporaryFolder()
        let clips = try CLI.blackClips(in: folder)
        let rules = try ReadingRules.shipped()
        let cases = try Repository.cases(Cases.self, "reading.json").cases
        XCTAssertGreaterThanOrEqual(cases.count, 15)
        for item in cases {
            let captions = folder.appendingPathComponent(item.format == "srt" ? "case.srt" : "case.json")
            if item.format == "srt" {
                try srt(item.cues).write(to: captions, atomically: true, encoding: .utf8)
            } else {
                try recognized(item.cues, language: item.language).write(to: captions)
            }
            var arguments = ["--captions", captions.path, "--language", item.language] + (item.preset.map { ["--preset", $0] } ?? [])
            if let maxWords = item.maxWords { arguments += ["--max-words", String(maxWords)] }
            if let cuts = item.cuts {
                let file = folder.appendingPathComponent("cuts.txt")
                try (cuts.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
                arguments += ["--shot-changes", file.path]
            }
            let clip = item.preset == "youtube" ? clips.landscape : clips.portrait

            let plan = try CLI.burn(["plan", clip] + arguments)
            XCTAssertEqual(plan.status, 0, "\(item.name): \(plan.stderr)")
            struct Document: Decodable { var captions: [Planned] }
            let planned = try JSONDecoder().decode(Document.self, from: Data(plan.stdout.utf8)).captions
            XCTAssertEqual(planned.map(\.text), item.captions.map(\.text), item.name)
            for (caption, expected) in zip(planned, item.captions) {
                if let start = expected.start { XCTAssertEqual(caption.start, start, accuracy: 0.002, "\(item.name): \(caption.text)") }
                if let end = expected.end { XCTAssertEqual(caption.end, end, accuracy: 0.002, "\(item.name): \(caption.text)") }
                if let lines = expected.lines { XCTAssertEqual(caption.lines.count, lines, "\(item.name): \(caption.text)") }
                if item.format == "json", let limit = rules.row(.charactersPerLine, language: item.language)?.limit {
                    for line in caption.lines {
                        XCTAssertLessThanOrEqual(line.text.count, Int(limit), "\(item.name): a line of \(line.text.count)")
                    }
                }
            }

            let lint = try CLI.burn(["lint", clip, "--json"] + arguments)
            XCTAssertEqual(lint.status, item.exit, "\(item.name): \(lint.stderr)")
            let findings = try JSONDecoder().decode([Finding].self, from: Data(lint.stdout.utf8))
            XCTAssertEqual(Set(findings.map(\.rule)), Set(item.lint), "\(item.name): \(findings.map(\.message))")
            for finding in findings {
                // A note tells what chunking changed; anything else is a rule of the table.
                let known = finding.level == "note" ? noteRules.contains(finding.rule) : ReadingRules.Rule(rawValue: finding.rule) != nil
                XCTAssertTrue(known, "\(item.name): \(finding.rule) as a \(finding.level)")
            }
        }
    }

    /// What chunking reports as notes.
    private let noteRules: Set<String> = ["split", "notSplit", "merged", "trimmed", "delayed", "extended", "shotChange"]

    /// Every golden-image language gets a file a recognizer could have written: each of its
    /// caption cases spoken at a realistic rate (14 characters a second, 6 for Chinese,
    /// Japanese and Korean; at least 1 s), 0.4 s apart, words spread by length (text without
    /// spaces in pieces of two characters). None breaks an error-level rule.
    func testTheGoldenLanguagesBreakNoErrorLevelRule() throws {
        let folder = try temporaryFolder()
        let clips = try CLI.blackClips(in: folder, seconds: 80)
        let cases = try CaptionCaseFile.cases(in: Repository.root)
        let languages = Set(cases.filter { $0.suites.contains(.image) }.compactMap(\.language))
        XCTAssertGreaterThanOrEqual(languages.count, 22)
        for language in languages.sorted() {
            var cues: [Cases.Cue] = []
            var start = 0.5
            for text in cases.filter({ $0.language == language }).map(\.text) {
                let wide = text.unicodeScalars.filter { (0x3040...0x30FF).contains($0.value) || (0x3400...0x9FFF).contains($0.value) || (0xAC00...0xD7AF).contains($0.value) }
                let rate = Double(wide.count) > Double(text.count) / 3 ? 6.0 : 14.0
                let duration = max(1, Double(text.count) / rate)
                let characters = Array(text)
                let words = text.contains(" ")
                    ? nil : stride(from: 0, to: characters.count, by: 2).map { String(characters[$0..<min($0 + 2, characters.count)]) }
                cues.append(Cases.Cue(start: start, end: start + duration, text: text, words: words))
                start += duration + 0.4
            }
            XCTAssertLessThan(start, 80, "\(language): the clip is 80 s")
            let file = folder.appendingPathComponent("\(language).json")
            try recognized(cues, language: language).write(to: file)
            let lint = try CLI.burn(["lint", clips.portrait, "--captions", file.path, "--json"])
            XCTAssertEqual(lint.status, 0, "\(language): \(lint.stdout) \(lint.stderr)")
            let findings = try JSONDecoder().decode([Finding].self, from: Data(lint.stdout.utf8))
            XCTAssertEqual(findings.filter { $0.level == "error" }.map { "\($0.rule): \($0.text)" }, [], language)
        }
    }

    /// A clip of three shots (moving test pattern, blue, colour bars; 2 s each): scene
    /// detection finds exactly the two cuts, at 2 s and 4 s, and captions snap to them.
    func testAutoFindsTheCutsOfTheDecodedVideo() throws {
        let folder = try temporaryFolder()
        let clip = folder.appendingPathComponent("cuts.mp4").path
        try ProcessRunner.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=s=640x360:r=30:d=2", "-f", "lavfi", "-i", "color=0x2040A0:s=640x360:r=30:d=2",
            "-f", "lavfi", "-i", "smptebars=s=640x360:r=30:d=2", "-filter_complex", "[0][1][2]concat=n=3:v=1:a=0",
            "-c:v", "libx264", "-preset", "ultrafast", clip,
        ])
        let captions = folder.appendingPathComponent("cuts.srt")
        let cues = [
            Cases.Cue(start: 0.5, end: 1.9, text: "First caption here"), Cases.Cue(start: 2.1, end: 3.95, text: "Second caption there"),
            Cases.Cue(start: 4.05, end: 5.5, text: "Third one"),
        ]
        try srt(cues).write(to: captions, atomically: true, encoding: .utf8)
        let plan = try CLI.burn(["plan", clip, "--captions", captions.path, "--preset", "youtube", "--shot-changes", "auto"])
        XCTAssertEqual(plan.status, 0, plan.stderr)
        XCTAssertTrue(plan.stderr.contains("2 shot change(s) found by scene detection"), plan.stderr)
        struct Document: Decodable { var captions: [Planned] }
        let planned = try JSONDecoder().decode(Document.self, from: Data(plan.stdout.utf8)).captions
        let times = planned.map { [($0.start * 1000).rounded() / 1000, ($0.end * 1000).rounded() / 1000] }
        XCTAssertEqual(times, [[0.5, 1.933], [2.0, 3.933], [4.0, 5.5]])
        // Off by default: the authored times stay.
        let authored = try CLI.burn(["plan", clip, "--captions", captions.path, "--preset", "youtube"])
        let kept = try JSONDecoder().decode(Document.self, from: Data(authored.stdout.utf8)).captions
        XCTAssertEqual(kept.map(\.start), [0.5, 2.1, 4.05])
    }
}
