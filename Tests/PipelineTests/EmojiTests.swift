import Foundation
import TestSupport
import XCTest

/// `--emoji` on the cases of Tests/Cases/emoji.json through `plan`: the CLDR emoji after the
/// words that name them, at most one a caption, a creator's file over CLDR's keywords; each
/// addition in the text, the words and the findings, and in `--export-captions`.
final class EmojiTests: XCTestCase {
    private struct Cases: Decodable {
        struct Case: Decodable {
            var name: String
            var language: String
            var file: [String]?
            var cues: [String]
            var added: [[String]]
        }
        var cases: [Case]
    }

    /// An emoji drawn as a picture (what the step adds), as in the captions' text.
    private static func emoji(in text: String) -> [String] {
        text.split(separator: " ").map { String($0.filter { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation || $0 == "\u{FE0F}" } }) }
            .filter { !$0.isEmpty }
    }

    func testEachCaseGetsItsEmojiAtMostOneACaption() throws {
        let folder = try temporaryFolder()
        let talk = CLI.samples.appendingPathComponent("talk.mp4").path
        var added = 0
        for item in try Repository.cases(Cases.self, "emoji.json").cases {
            let srt = folder.appendingPathComponent("cues.srt")
            let cues = item.cues.enumerated().map { "\($0 + 1)\n\(CLI.srtTime(1 + 2 * Double($0))) --> \(CLI.srtTime(2.8 + 2 * Double($0)))\n\($1)\n" }
            try cues.joined(separator: "\n").write(to: srt, atomically: true, encoding: .utf8)
            var source = "auto"
            if let lines = item.file {
                source = folder.appendingPathComponent("emoji.txt").path
                try (lines.joined(separator: "\n") + "\n").write(toFile: source, atomically: true, encoding: .utf8)
            }
            let export = folder.appendingPathComponent("final.srt").path
            let result = try CLI.burn(["plan", talk, "--captions", srt.path, "--language", item.language, "--emoji", source])
            XCTAssertEqual(result.status, 0, "\(item.name): \(result.stderr)")
            let plan = try Plan.decode(result.stdout)
            var found: [[String]] = []
            for caption in plan.captions {
                let original = item.cues.first { caption.text.hasPrefix(String($0.prefix(6))) } ?? ""
                let new = Self.emoji(in: caption.text).filter { !original.contains($0) }
                XCTAssertLessThanOrEqual(Self.emoji(in: caption.text).count, 1, "\(item.name): two emoji in \(caption.text)")
                guard let emoji = new.first else { continue }
                // The emoji is a word of its own, right after the word it stands for.
                let index = try XCTUnwrap(caption.words.firstIndex { $0.text.hasPrefix(emoji) }, "\(item.name): \(caption.text)")
                XCTAssertGreaterThan(index, 0)
                let word = caption.words[index - 1]
                found.append([word.text.trimmingCharacters(in: .punctuationCharacters), emoji])
                XCTAssertEqual(caption.words[index].start, word.end, accuracy: 1e-6, "\(item.name): shown from its word's end")
                let notes = (caption.findings ?? []).filter { $0.rule == "emoji" && $0.level == "note" }.map(\.message)
                XCTAssertTrue(notes.contains { $0.hasPrefix("added \(emoji) after") }, "\(item.name): \(notes)")
            }
            XCTAssertEqual(found, item.added, item.name)
            added += found.count
            // The same text goes out with --export-captions.
            let rendered = try CLI.burn([
                talk, "--captions", srt.path, "--language", item.language, "--emoji", source, "--null", "--export-captions", export, "-q",
            ])
            XCTAssertEqual(rendered.status, 0, rendered.stderr)
            let exported = try String(contentsOfFile: export, encoding: .utf8)
            for pair in item.added { XCTAssertTrue(exported.contains(pair[1]), "\(item.name): \(pair[1]) not exported") }
        }
        XCTAssertGreaterThanOrEqual(added, 12)
    }

    /// A list that cannot be read says why, as a caption file does; a list up to the limit
    /// whose entries the captions do not hold still adds the one that names their words.
    func testAListThatCannotBeReadSaysWhyAndALongOneStillMatches() throws {
        let folder = try temporaryFolder()
        let talk = CLI.samples.appendingPathComponent("talk.mp4").path
        let srt = folder.appendingPathComponent("two.srt").path
        try "1\n00:00:00,500 --> 00:00:02,000\nI love Pizza, really\n\n2\n00:00:02,500 --> 00:00:04,000\nRocket party tonight\n"
            .write(toFile: srt, atomically: true, encoding: .utf8)
        let large = folder.appendingPathComponent("large.txt").path
        try Data(repeating: 0x61, count: (1 << 20) + 1).write(to: URL(fileURLWithPath: large))
        for (list, reason) in [
            (folder.appendingPathComponent("missing.txt").path, "no such file"), (folder.path, "not a regular file"),
            ("/dev/zero", "not a regular file"), (large, "file is larger than 1 MiB"),
        ] {
            let result = try CLI.burn(["plan", talk, "--captions", srt, "--language", "en", "--emoji", list])
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("\(list): cannot read the emoji list: \(reason)"), result.stderr)
        }
        // About 0.9 MiB of entries the captions do not hold, with one that does in the middle.
        var text = ""
        for index in 0..<40_000 { text += "word\(index) other 🚀\n" }
        text += "rocket party 🎉\n"
        for index in 0..<5_000 { text += "pizza\(index) 🍕\n" }
        let list = folder.appendingPathComponent("long.txt").path
        try text.write(toFile: list, atomically: true, encoding: .utf8)
        let planned = try CLI.burn(["plan", talk, "--captions", srt, "--language", "en", "--emoji", list])
        XCTAssertEqual(planned.status, 0, planned.stderr)
        XCTAssertTrue(planned.stdout.contains("Rocket party 🎉 tonight"), planned.stdout)
        XCTAssertFalse(planned.stdout.contains("🚀"), planned.stdout)
    }

    func testABadFileNamesItsLineAndMissingAnnotationsAreSaid() throws {
        let folder = try temporaryFolder()
        let talk = CLI.samples.appendingPathComponent("talk.mp4").path
        let list = folder.appendingPathComponent("emoji.txt").path
        try "pizza 🍕\nno emoji here\n🚀\n".write(toFile: list, atomically: true, encoding: .utf8)
        let srt = CLI.samples.appendingPathComponent("talk.srt").path
        let bad = try CLI.burn(["plan", talk, "--captions", srt, "--emoji", list])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("\(list):2: `no emoji here`: expected a word or phrase, a space and its emoji"), bad.stderr)
        XCTAssertTrue(bad.stderr.contains("\(list):3:"), bad.stderr)
        let missing = try ProcessRunner.run(
            CLI.binary, ["plan", talk, "--captions", srt, "--emoji", "auto"], environment: ["BURN_CAPTIONS_CLDR": folder.path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("unicode-cldr-core"), missing.stderr)
    }
}
