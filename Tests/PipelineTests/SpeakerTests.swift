import Captions
import Foundation
import Imaging
import Media
@testable import Raster
import TestSupport
import XCTest

@testable import Pipeline
@testable import Settings

/// Speakers: a palette colours each speaker's captions by first appearance, a caption holds
/// one speaker's words, and `--speaker-labels` names the speaker at each change.
final class SpeakerTests: XCTestCase {
    private let talk = CLI.samples.appendingPathComponent("talk.mp4").path
    /// A live-caption log of a call: Ana, Ben and 陈静, then Ana and Ben again.
    private let call = CLI.root.appendingPathComponent("Tests/Cases/live-three-speakers.jsonl").path

    private func plan(_ arguments: [String]) throws -> Plan {
        let result = try CLI.burn(["plan", talk, "--captions", call] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try Plan.decode(result.stdout)
    }

    func testEachSpeakerKeepsTheColourOfTheirFirstAppearance() throws {
        let palette = try Look.load(try Resources.look("speakers")).speakers!.colors
        let hex = { (color: RGBAColor) in String(decoding: try JSONEncoder().encode(color), as: UTF8.self).replacingOccurrences(of: "\"", with: "") }
        let captions = try plan(["--look", "speakers"]).captions
        XCTAssertEqual(Set(captions.compactMap(\.speaker)), ["Ana", "Ben", "陈静"])
        let order = ["Ana": 0, "Ben": 1, "陈静": 2]
        for caption in captions {
            let speaker = try XCTUnwrap(caption.speaker, caption.text)
            XCTAssertEqual(caption.fill, try hex(palette[order[speaker]!]), "\(speaker): \(caption.text)")
        }
        // Without a palette, no caption has a colour of its own.
        XCTAssertTrue(try plan([]).captions.allSatisfy { $0.fill == nil })
    }

    /// The call rendered end to end: a still while each speaker talks shows the text in that
    /// speaker's colour (the fill inside the caption's box), and in no other speaker's.
    func testTheCallRendersEachSpeakerInTheirColour() throws {
        let folder = try temporaryFolder()
        let palette = try Look.load(try Resources.look("speakers")).speakers!.colors
        let captions = try plan(["--look", "speakers"]).captions
        for (speaker, index) in [("Ana", 0), ("Ben", 1), ("陈静", 2)] {
            let caption = try XCTUnwrap(captions.first { $0.speaker == speaker })
            let time = (caption.start + caption.end) / 2
            let png = folder.appendingPathComponent("\(index).png").path
            let still = try CLI.burn(["still", talk, "--captions", call, "--look", "speakers", "--at", "\(time)", "-o", png])
            XCTAssertEqual(still.status, 0, still.stderr)
            let image = try PNGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: png))), file: png)
            // Pixels inside the box within 12 of each palette colour on every channel.
            func count(_ color: RGBAColor) -> Int {
                var found = 0
                for y in Int(caption.box.y)..<Int(caption.box.y + caption.box.height) {
                    for x in Int(caption.box.x)..<Int(caption.box.x + caption.box.width) {
                        let p = (y * image.width + x) * 3
                        if abs(Int(image.pixels[p]) - Int(color.red)) <= 12 && abs(Int(image.pixels[p + 1]) - Int(color.green)) <= 12
                            && abs(Int(image.pixels[p + 2]) - Int(color.blue)) <= 12
                        {
                            found += 1
                        }
                    }
                }
                return found
            }
            XCTAssertGreaterThan(count(palette[index]), 500, "\(speaker) at \(time) s")
            // (White is left out: the clip's light may pass behind a caption.)
            for other in 0..<3 where other != index && palette[other] != .white {
                XCTAssertLessThan(count(palette[other]), 50, "\(speaker) at \(time) s: colour of speaker \(other + 1)")
            }
        }
    }

    /// Every caption's text comes from one speaker's utterance.
    func testACaptionNeverHoldsTwoSpeakers() throws {
        let utterances = [
            "Ana": ["Welcome, everyone, to the weekly call.", "Great, then we ship on Friday."],
            "Ben": ["Thanks Ana. The build is green again.", "I will write the release notes."],
            "陈静": ["我这边的字幕也没问题。"],
        ]
        let captions = try plan(["--preset", "tiktok"]).captions
        XCTAssertGreaterThanOrEqual(captions.count, 5)
        for caption in captions {
            let own = try XCTUnwrap(utterances[caption.speaker ?? ""], caption.text)
            XCTAssertTrue(own.contains { $0.contains(caption.text) }, "\(caption.speaker!): \(caption.text)")
        }
    }

    func testLabelsNameTheSpeakerAtEachChange() throws {
        let captions = try plan(["--speaker-labels", "--look", "highlight"]).captions
        var previous: String?
        for caption in captions {
            let speaker = try XCTUnwrap(caption.speaker)
            if speaker != previous {
                let label = speaker == "陈静" ? "陈静：" : "\(speaker): "
                XCTAssertTrue(caption.text.hasPrefix(label), caption.text)
                XCTAssertEqual(caption.words.first?.text, label.trimmingCharacters(in: .whitespaces))
                XCTAssertNotNil(caption.words.first?.box, "the label is laid out as a word")
            } else {
                XCTAssertFalse(caption.text.hasPrefix(speaker), caption.text)
            }
            previous = speaker
        }
        XCTAssertEqual(captions.filter { $0.text.contains(":") || $0.text.contains("：") }.count, 5)
    }

    /// A label is never the spoken word, and shows as spoken words do even in a look that
    /// hides the words to come.
    func testALabelIsNeverTheSpokenWord() throws {
        let look = try XCTUnwrap(
            try Look.load(try Resources.look("reveal")).wordLook(preset: try Preset.load(try Resources.preset("tiktok")), fontSize: 64))
        let words = [
            Word(text: "Ana:", start: 0.5, end: 0.5, estimated: true, isLabel: true), Word(text: "hi", start: 0.5, end: 0.9),
            Word(text: "all", start: 1.0, end: 1.4),
        ]
        XCTAssertNil(look.state(at: 0.4, words: words, start: 0.5).active)
        XCTAssertEqual(look.state(at: 0.5, words: words, start: 0.5).active, 1)
        XCTAssertEqual(look.state(at: 1.2, words: words, start: 0.5).active, 2)
        let before = look.state(at: 0.4, words: words, start: 0.5)
        XCTAssertFalse(look.paint(of: 2, in: before, emphasized: false).visible, "reveal hides the words to come")
        XCTAssertTrue(look.paint(of: 0, in: before, emphasized: false, isLabel: true).visible, "but never the label")
    }

    func testPaletteFieldsAreChecked() throws {
        let folder = try temporaryFolder()
        let look = folder.appendingPathComponent("empty.json")
        try #"{"name": "empty", "speakers": {"colors": []}}"#.write(to: look, atomically: true, encoding: .utf8)
        let result = try CLI.burn(["plan", talk, "--captions", call, "--look", look.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("\(look.path): speakers.colors: must hold 1 to 64 colours"), result.stderr)
    }
}
