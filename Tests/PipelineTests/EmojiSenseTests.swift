import Foundation
import TestSupport
import XCTest

/// `--emoji auto` measured on Tests/Cases/emoji-sense.json: lines of our own, each marked by
/// hand with the emoji a person would pick or none, planned as one cue each. Precision (the
/// emoji added that a person accepts, of all added) must be at least 0.9 per language on the
/// lines the sense data was tuned on; the held-out lines are measured and printed. The
/// sample's own words get none of the emoji of another sense (🩳, 🫱, 🛝).
final class EmojiSenseTests: XCTestCase {
    private struct Cases: Decodable {
        struct Line: Decodable {
            var text: String
            var emoji: [String]
        }
        struct Language: Decodable {
            var language: String
            var lines: [Line]
            var heldOut: [Line]
        }
        var about: String
        var languages: [Language]
    }

    /// What `--emoji auto` did to a set of lines: emoji added, those accepted, lines marked.
    private struct Score {
        var added = 0
        var accepted = 0
        var marked = 0
        var precision: Double { added == 0 ? 0 : Double(accepted) / Double(added) }
        var recall: Double { marked == 0 ? 0 : Double(accepted) / Double(marked) }
        var summary: String {
            String(format: "precision %.3f (%d of %d), recall %.3f (%d of %d)", precision, accepted, added, recall, accepted, marked)
        }
    }

    /// The least precision a supported language must reach on its tuned lines.
    private static let leastPrecision = 0.9
    /// Seconds from one cue's start to the next.
    private static let cueSpacing = 2.0

    /// An emoji as compared: without U+FE0F, which CLDR and people write or leave out.
    private static func bare(_ emoji: String) -> String { String(emoji.unicodeScalars.filter { $0 != "\u{FE0F}" }.map(Character.init)) }

    /// The emoji drawn as pictures in `text` (what the step adds), bare.
    private static func emoji(in text: String) -> [String] {
        text.split(separator: " ").map { String($0.filter { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation || $0 == "\u{FE0F}" } }) }
            .filter { !$0.isEmpty }.map(bare)
    }

    /// The emoji `plan --emoji auto` adds to each of `lines` (nil for none), each line a cue of its own.
    private func added(to lines: [Cases.Line], language: String, video: String, folder: URL) throws -> [String?] {
        let srt = folder.appendingPathComponent("\(language).srt")
        let cues = lines.enumerated().map { index, line in
            let start = 1 + Self.cueSpacing * Double(index)
            return "\(index + 1)\n\(CLI.srtTime(start)) --> \(CLI.srtTime(start + Self.cueSpacing - 0.2))\n\(line.text)\n"
        }
        try cues.joined(separator: "\n").write(to: srt, atomically: true, encoding: .utf8)
        let result = try CLI.burn(["plan", video, "--captions", srt.path, "--language", language, "--preset", "youtube", "--emoji", "auto"])
        XCTAssertEqual(result.status, 0, result.stderr)
        var found = [String?](repeating: nil, count: lines.count)
        for caption in try Plan.decode(result.stdout).captions {
            let index = Int(((caption.start - 1) / Self.cueSpacing).rounded(.down))
            guard lines.indices.contains(index) else { continue }
            let new = Self.emoji(in: caption.text).filter { !Self.emoji(in: lines[index].text).contains($0) }
            XCTAssertLessThanOrEqual(new.count, 1, "\(language): two emoji in \(caption.text)")
            if let emoji = new.first { found[index] = emoji }
        }
        return found
    }

    /// `lines` scored against what was added to them; each miss and wrong emoji is printed.
    private func score(_ lines: [Cases.Line], _ found: [String?], _ label: String) -> Score {
        var score = Score()
        for (line, emoji) in zip(lines, found) {
            let accepted = line.emoji.map(Self.bare)
            if !accepted.isEmpty { score.marked += 1 }
            guard let emoji else {
                if !accepted.isEmpty { print("\(label) missed \(accepted[0]): \(line.text)") }
                continue
            }
            score.added += 1
            if accepted.contains(emoji) {
                score.accepted += 1
            } else {
                print("\(label) wrong \(emoji) (\(accepted.isEmpty ? "none" : accepted.joined(separator: " "))): \(line.text)")
            }
        }
        return score
    }

    func testPrecisionPerLanguageOnLinesMarkedByHand() throws {
        let cases = try Repository.cases(Cases.self, "emoji-sense.json")
        let folder = try temporaryFolder()
        let longest = cases.languages.map { $0.lines.count + $0.heldOut.count }.max() ?? 0
        let video = try CLI.blackClip(size: "1920x1080", seconds: Int(Self.cueSpacing) * longest + 2, in: folder)
        XCTAssertGreaterThanOrEqual(cases.languages.count, 2)
        for language in cases.languages {
            XCTAssertGreaterThanOrEqual(language.lines.count, 100, language.language)
            let all = language.lines + language.heldOut
            let found = try added(to: all, language: language.language, video: video, folder: folder)
            let tuned = score(language.lines, Array(found.prefix(language.lines.count)), language.language)
            let heldOut = score(language.heldOut, Array(found.dropFirst(language.lines.count)), "\(language.language) held out")
            print("emoji sense \(language.language): \(tuned.summary); held out: \(heldOut.summary)")
            XCTAssertGreaterThanOrEqual(tuned.precision, Self.leastPrecision, "\(language.language): \(tuned.summary)")
            // Some emoji at all: a step that adds none has no precision to speak of.
            XCTAssertGreaterThanOrEqual(tuned.recall, 0.3, "\(language.language): \(tuned.summary)")
        }
    }

    /// The sample's words, as recognized (Samples/talk.json), under the bold look of three
    /// words a caption and under the default: no garment after the platform `Shorts`, no hand
    /// after `right`, no playground slide after `play`.
    func testTheSampleGetsNoEmojiOfAnotherSense() throws {
        let talk = CLI.samples.appendingPathComponent("talk.mp4").path
        let words = CLI.samples.appendingPathComponent("talk.json").path
        for look in [["--look", "bold"], []] {
            let result = try CLI.burn(["plan", talk, "--captions", words, "--emoji", "auto"] + look)
            XCTAssertEqual(result.status, 0, result.stderr)
            let text = try Plan.decode(result.stdout).captions.map(\.text).joined(separator: " | ")
            XCTAssertFalse(text.isEmpty)
            for wrong in ["🩳", "🫱", "🛝"] { XCTAssertFalse(text.contains(wrong), "\(look): \(wrong) in \(text)") }
        }
    }
}
