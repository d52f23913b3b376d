import Captions
import Foundation
import Imaging
import Raster
import TestSupport
import XCTest

@testable import Pipeline
@testable import Settings

/// Look files and what they change before any pixel: `--look`, the preset's default look,
/// errors that name the field, `burn-captions looks`, `textTransform`, `--emphasize`, the
/// notice for captions without word timings, and the spoken word at each instant.
final class LookTests: XCTestCase {
    private let talk = CLI.samples.appendingPathComponent("talk.mp4").path
    private let captions = CLI.samples.appendingPathComponent("talk.json").path

    private func file(_ name: String, _ text: String) throws -> String {
        let url = try temporaryFolder().appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func testEveryShippedPresetNamesTheClassicLook() throws {
        for name in Resources.presetNames() {
            XCTAssertEqual(try Preset.load(try Resources.preset(name)).look, Look.classic, name)
        }
        XCTAssertNil(try Look.load(try Resources.look("classic")).wordLook(preset: try Preset.load(try Resources.preset("tiktok")), fontSize: 64))
    }

    func testLooksCommandListsThemAll() throws {
        let result = try CLI.burn(["looks"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let names = result.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        XCTAssertEqual(names, Resources.lookNames())
        XCTAssertTrue(Set(["classic", "highlight", "box", "pop", "reveal", "karaoke"]).isSubset(of: names))
    }

    func testUnknownLookIsAUsageErrorThatListsTheLooks() throws {
        let result = try CLI.burn(["plan", talk, "--captions", captions, "--look", "glow"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("unknown look \"glow\" (known: bold, box, capsbox, classic, duo, highlight"), result.stderr)
    }

    func testBadLookFieldsAreNamedTogether() throws {
        let look = try file(
            "bad.json", ##"{"name": "bad", "active": {"fil": "#FF0000", "box": {"color": "#000000", "paddin": 0.1, "cornerRadius": 0}}, "entrace": {}, "shadows": [{"color": "#000000", "offsetX": 0, "offsetY": 0, "blr": 0.1}]}"##)
        let result = try CLI.burn(["plan", talk, "--captions", captions, "--look", look])
        XCTAssertEqual(result.status, 1)
        for expected in [
            "\(look): active.box.paddin: unknown field (did you mean \"padding\"?)",
            "\(look): active.fil: unknown field (did you mean \"fill\"?)", "\(look): entrace: unknown field (did you mean \"entrance\"?)",
            "\(look): shadows.blr: unknown field (did you mean \"blur\"?)",
        ] {
            XCTAssertTrue(result.stderr.contains(expected), "\(expected) in \(result.stderr)")
        }
        let ranges = try file(
            "ranges.json",
            ##"{"name": "r", "active": {"scale": 3, "grow": -1, "tilt": 12}, "entrance": {"kind": "pop", "duration": 9}, "font": {"family": " ", "weight": 950}, "maxWords": 12, "wordEntrance": {"kind": "pop", "duration": 3}, "shadows": [{"color": "#000000", "offsetX": 0.9, "offsetY": 0, "blur": 0.1}]}"##)
        let out = try CLI.burn(["plan", talk, "--captions", captions, "--look", ranges])
        XCTAssertEqual(out.status, 1)
        for field in [
            "active.scale: must be 1...1.5", "active.grow: must be 0...1 seconds", "active.tilt: must be -8...8 degrees", "entrance.duration: must be 0...2 seconds",
            "font.family: must name a family", "font.weight: must be 100...900", "maxWords: must be 1...8",
            "wordEntrance.duration: must be 0...1 seconds", "shadows[0].offsetX: must be -0.5...0.5 of the font size",
        ] {
            XCTAssertTrue(out.stderr.contains("\(ranges): \(field)"), "\(field) in \(out.stderr)")
        }
        let kind = try file("kind.json", #"{"name": "k", "entrance": {"kind": "spin", "duration": 0.1}}"#)
        let spin = try CLI.burn(["plan", talk, "--captions", captions, "--look", kind])
        XCTAssertEqual(spin.status, 1)
        XCTAssertTrue(spin.stderr.contains("\(kind): entrance.kind:"), spin.stderr)
    }

    /// A look's `maxWords` chunks word-timed captions; `--max-words` wins over it.
    func testALooksWordLimitAndTheCommandLinesOne() throws {
        let text = "We tested the new iPhone 15 camera today"
        let words = text.split(separator: " ").enumerated().map { #"{"text": "\#($1)", "start": \#(0.5 + 0.4 * Double($0)), "end": \#(0.85 + 0.4 * Double($0))}"# }
        let json = try file("words.json", #"{"language": "en", "segments": [{"start": 0.5, "end": 3.7, "text": "\#(text)", "words": [\#(words.joined(separator: ", "))]}]}"#)
        let look = try file("two.json", ##"{"name": "two", "maxWords": 2, "active": {"fill": "#FFD83D"}}"##)
        for (extra, expected) in [
            ([String](), ["We tested", "the new", "iPhone 15", "camera today"]),
            (["--max-words", "1"], ["We", "tested", "the", "new", "iPhone 15", "camera", "today"]),
        ] {
            let result = try CLI.burn(["plan", talk, "--captions", json, "--look", look, "--no-timing-fix"] + extra)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(try Plan.decode(result.stdout).captions.map(\.text), expected, "\(extra)")
        }
    }

    func testLowercaseFollowsTheCaptionsLanguage() throws {
        let look = try file("lower.json", ##"{"name": "lower", "textTransform": "lowercase", "active": {"fill": "#FFD83D"}}"##)
        for (language, text, expected) in [("tr", "ISTANBUL ÇOK GÜZEL", "ıstanbul çok güzel"), ("en", "ISTANBUL IS BIG", "istanbul is big")] {
            let json = try file("\(language).json", #"{"segments": [{"start": 0.5, "end": 2.5, "text": "\#(text)", "language": "\#(language)"}]}"#)
            let result = try CLI.burn(["plan", talk, "--captions", json, "--look", look])
            XCTAssertEqual(result.status, 0, result.stderr)
            let plan = try Plan.decode(result.stdout)
            XCTAssertEqual(plan.captions.first?.text, expected, language)
            XCTAssertEqual(plan.captions.first?.words.map(\.text).joined(separator: " "), expected, language)
        }
    }

    /// A look's face is used for the text it covers; Japanese and Arabic captions get their
    /// own script's Noto face, and a Cyrillic word the face lacks gets Noto Sans (plan `fonts`).
    func testALooksFaceSetsLatinTextAndNotoTheRest() throws {
        let cases = [
            ("en", "Burned in word by word", ["League Spartan"]), ("ja", "字幕が一語ずつ光る", ["Noto Sans CJK JP"]),
            ("ar", "ترجمة تظهر كلمة بكلمة", ["Noto Sans Arabic"]), ("zh-TW", "逐字顯示字幕", ["Noto Sans CJK TC"]),
            ("en", "Fire 🔥 and Привет", ["League Spartan", "Noto Color Emoji", "Noto Sans"]),
        ]
        for (language, text, fonts) in cases {
            let json = try file("face.json", #"{"segments": [{"start": 0.5, "end": 2.5, "text": "\#(text)", "language": "\#(language)"}]}"#)
            let result = try CLI.burn(["plan", talk, "--captions", json, "--look", "bold"])
            XCTAssertEqual(result.status, 0, result.stderr)
            let used = try Plan.decode(result.stdout).captions.flatMap { $0.lines.flatMap(\.fonts) }
            XCTAssertEqual(Set(used), Set(fonts), "\(language): \(text)")
        }
    }

    func testUppercaseFollowsTheCaptionsLanguage() throws {
        let look = try file("upper.json", ##"{"name": "upper", "textTransform": "uppercase", "active": {"fill": "#FFD83D"}}"##)
        let cases = [("tr", "istanbul çok güzel", "İSTANBUL ÇOK GÜZEL"), ("de", "die straße ist leer", "DIE STRASSE IST LEER"),
                     ("ja", "字幕を焼き込む", "字幕を焼き込む"), ("en", "istanbul is big", "ISTANBUL IS BIG")]
        for (language, text, expected) in cases {
            let json = try file("\(language).json", #"{"segments": [{"start": 0.5, "end": 2.5, "text": "\#(text)", "language": "\#(language)"}]}"#)
            let result = try CLI.burn(["plan", talk, "--captions", json, "--look", look])
            XCTAssertEqual(result.status, 0, result.stderr)
            let plan = try Plan.decode(result.stdout)
            XCTAssertEqual(plan.captions.first?.text, expected, language)
            XCTAssertEqual(plan.captions.first?.words.map(\.text).joined(separator: language == "ja" ? "" : " "), expected, language)
        }
    }

    func testEmphasizeMarksTheListedWordsAndPhrases() throws {
        let list = try file("emphasis.txt", "# words to stand out\npop\nsave 5%\n")
        let result = try CLI.burn(["plan", talk, "--captions", captions, "--look", "highlight", "--emphasize", list])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let words = (json["captions"] as? [[String: Any]] ?? []).flatMap { $0["words"] as? [[String: Any]] ?? [] }
        let emphasized = words.filter { $0["emphasis"] as? Bool == true }.compactMap { $0["text"] as? String }
        XCTAssertEqual(emphasized, ["pop", "Save", "5%"])
        let missing = try CLI.burn(["plan", talk, "--captions", captions, "--emphasize", "/nonexistent/list.txt"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("/nonexistent/list.txt"), missing.stderr)
    }

    /// Without alignment (`--align off`, or no audio) their words are timed by length, with one notice.
    func testCaptionsWithoutWordTimingsGetOneNotice() throws {
        let srt = CLI.samples.appendingPathComponent("talk.srt").path
        // By default their words are aligned to the speech: one notice says how many.
        let aligned = try CLI.burn(["plan", talk, "--captions", srt, "--look", "highlight"])
        XCTAssertEqual(aligned.status, 0, aligned.stderr)
        XCTAssertEqual(aligned.stderr.components(separatedBy: "words to the speech").count - 1, 1, aligned.stderr)
        XCTAssertFalse(aligned.stderr.contains("word timings"), aligned.stderr)
        let result = try CLI.burn(["plan", talk, "--captions", srt, "--look", "highlight", "--align", "off"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr.components(separatedBy: "word timings").count - 1, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("\(srt): no caption has word timings; the look highlight times their words by length"), result.stderr)
        // A static look needs no word times: no notice.
        let classic = try CLI.burn(["plan", talk, "--captions", srt])
        XCTAssertFalse(classic.stderr.contains("word timings"), classic.stderr)
    }

    /// The spoken word is the last whose start is at or before the time: none before the
    /// first, the same one through the gaps between words.
    func testTheSpokenWordIsTheLastStartedOne() throws {
        var look = try XCTUnwrap(
            try Look.load(try Resources.look("pop")).wordLook(preset: try Preset.load(try Resources.preset("tiktok")), fontSize: 64))
        look.entrance = Entrance(kind: .pop, duration: 0.12)
        let words = [(0.5, 0.9), (1.2, 1.4), (1.4, 2.0)].enumerated().map {
            Word(text: "w\($0.offset)", start: $0.element.0, end: $0.element.1)
        }
        let expectations: [(Double, Int?)] = [(0.2, nil), (0.4999, nil), (0.5, 0), (1.0, 0), (1.1999, 0), (1.2, 1), (1.4, 2), (5, 2)]
        for (time, active) in expectations {
            XCTAssertEqual(look.state(at: time, words: words, start: 0.2).active, active, "\(time)")
        }
        // The grow runs over 0.1 s from the word's start, then stays done; the entrance over 0.12 s.
        XCTAssertEqual(look.state(at: 0.5, words: words, start: 0.2).growth, 0)
        XCTAssertEqual(look.state(at: 0.55, words: words, start: 0.2).growth, WordLook.steps / 2)
        XCTAssertEqual(look.state(at: 0.7, words: words, start: 0.2).growth, WordLook.steps)
        XCTAssertEqual(look.state(at: 0.2, words: words, start: 0.2).entrance, 0)
        XCTAssertEqual(look.state(at: 0.5, words: words, start: 0.2).entrance, WordLook.steps)
    }
}
