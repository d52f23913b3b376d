import CaptionCases
import Captions
import Foundation
import Imaging
import Layout
import Pipeline
import Raster
import Settings
import TestSupport
import XCTest

/// Word-by-word looks keep their layout for the caption's whole life: for every shipped look
/// (and the test looks) and every image case of `Tests/Cases/captions.json`, going from one word state to the next
/// changes pixels only inside the reserved boxes of the words whose state changed, and every
/// pixel of every state lies inside the safe area.
final class LookLayoutTests: XCTestCase {
    /// The looks with word states (every shipped look but `classic`).
    static func looks() throws -> [Look] {
        try Resources.lookNames().map { try Look.load(try Resources.look($0)) }.filter { !$0.isStatic }
    }

    /// The test looks of `Tests/Cases/test-looks` (every kind of paint at once).
    static func testLooks() throws -> [Look] {
        let folder = Repository.root.appendingPathComponent("Tests/Cases/test-looks")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
            try Look.load(folder.appendingPathComponent($0))
        }
    }

    func testTheShippedLooksAreThere() throws {
        let names = try Self.looks().map(\.name)
        XCTAssertTrue(Set(["highlight", "box", "pop", "reveal", "karaoke"]).isSubset(of: names), "\(names)")
        XCTAssertTrue(try Look.load(try Resources.look("classic")).isStatic)
    }

    func testStateChangesStayInsideTheChangedWordsBoxes() throws {
        let engine = try LayoutEngine(fontsConf: Repository.fontsConf, phrases: try Repository.phrases())
        let preset = try Preset.load(try Resources.preset("tiktok"))
        let width = Int(preset.frame.width)
        let height = Int(preset.frame.height)
        let cases = try CaptionCaseFile.cases(.image, in: Repository.root).filter { $0.background == .bars }
        XCTAssertGreaterThanOrEqual(cases.count, 30)
        var checkedChanges = 0
        for look in try Self.looks() + Self.testLooks() {
            let style = preset.textStyle(width: width, height: height, look: look)
            for test in cases {
                let caption = Self.caption(test.text, language: test.language)
                let layout = try engine.layout(caption, style: style)
                let wordLook = try XCTUnwrap(look.wordLook(preset: preset, fontSize: layout.fontSize))
                let painter = StatePainter(
                    layout, look: wordLook, style: preset.rasterStyle(fontSize: layout.fontSize, look: look), faces: engine.faces)
                // Before the first word, then each word spoken (at the start of its entrance and
                // half-way through its grow, sweep or entrance first, for the looks that
                // animate the spoken word).
                let animates = wordLook.activeScale != 1 || wordLook.tilt != 0 || wordLook.karaoke || wordLook.wordEntrance.kind != .none
                var states = [WordState(active: nil)]
                for index in caption.words.indices {
                    if wordLook.wordEntrance.kind != .none { states.append(WordState(active: index, growth: 0, sweep: 0, arrival: 0)) }
                    if animates {
                        let half = WordLook.steps / 2
                        states.append(WordState(active: index, growth: half, sweep: half, arrival: half))
                    }
                    states.append(WordState(active: index))
                }
                var previous: (state: WordState, picture: PaintedPixels)?
                for state in states {
                    let picture = PaintedPixels(try painter.bitmap(state))
                    let outside = PaintedPixels.outside([style.safeArea], picture.painted)
                    XCTAssertEqual(outside.count, 0, "\(look.name) / \(test.name): \(outside.count) pixels outside the safe area")
                    if let previous {
                        let changed = Set([previous.state.active, state.active].compactMap { $0 })
                        let boxes = layout.words.filter { changed.contains($0.index) }.map { Self.reserved($0, layout) }
                        let strays = PaintedPixels.outside(boxes, previous.picture.differences(from: picture))
                        XCTAssertEqual(
                            strays.count, 0,
                            "\(look.name) / \(test.name): \(strays.count) pixels changed outside the boxes of words \(changed.sorted()), first \(strays.first.map { "\($0)" } ?? "")")
                        checkedChanges += 1
                    }
                    previous = (state, picture)
                }
            }
        }
        XCTAssertGreaterThan(checkedChanges, 1000)
    }

    /// A word turned by the largest tilt (with its box) stays inside its own cell, the room the
    /// layout kept for it, so it never reaches a neighbour or the line above or below: its
    /// reserved box (the turned ink, with the paint's reach) inside the cell, give or take 2 px.
    func testATurnedWordStaysInsideItsCell() throws {
        let engine = try LayoutEngine(fontsConf: Repository.fontsConf, phrases: try Repository.phrases())
        let preset = try Preset.load(try Resources.preset("tiktok"))
        var checked = 0
        for var look in [try Look.load(try Resources.look("bold"))] + (try Self.testLooks()) {
            look.active?.tilt = Look.tiltLimit
            look.maxWords = nil
            let style = preset.textStyle(width: 1080, height: 1920, look: look)
            for text in ["Internationalization takes patience", "We finally replaced the old refrigerator in our kitchen", "I do"] {
                let layout = try engine.layout(Self.caption(text, language: "en"), style: style)
                for word in layout.words {
                    let reach = layout.paintMargin + 2
                    let box = Self.reserved(word, layout)
                    let turned = Rect(x: box.x + reach, y: box.y + reach, width: box.width - 2 * reach, height: box.height - 2 * reach)
                    let cell = layout.cell(of: word)
                    XCTAssertTrue(
                        turned.x >= cell.x - 2 && turned.maxX <= cell.maxX + 2 && turned.y >= cell.y - 2 && turned.maxY <= cell.maxY + 2,
                        "\(look.name) / \(word.text): turned \(turned), cell \(cell)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 20)
    }

    /// The check finds a pixel changed outside the changed word's box: a state drawn with the
    /// whole caption in the accent colour differs outside the first word's box.
    func testTheCheckFindsAChangeOutsideTheBoxes() throws {
        let engine = try LayoutEngine(fontsConf: Repository.fontsConf, phrases: try Repository.phrases())
        let preset = try Preset.load(try Resources.preset("tiktok"))
        let look = try Look.load(try Resources.look("highlight"))
        let caption = Self.caption("three little words", language: "en")
        let layout = try engine.layout(caption, style: preset.textStyle(width: 1080, height: 1920, look: look))
        var everything = try XCTUnwrap(look.wordLook(preset: preset, fontSize: layout.fontSize))
        everything.upcoming.fill = everything.active.fill
        let raster = preset.rasterStyle(fontSize: layout.fontSize)
        let before = PaintedPixels(try StatePainter(layout, look: everything, style: raster, faces: engine.faces).bitmap(WordState(active: nil)))
        let plain = try XCTUnwrap(look.wordLook(preset: preset, fontSize: layout.fontSize))
        let after = PaintedPixels(try StatePainter(layout, look: plain, style: raster, faces: engine.faces).bitmap(WordState(active: 0)))
        let box = Self.reserved(layout.words[0], layout)
        XCTAssertGreaterThan(PaintedPixels.outside([box], before.differences(from: after)).count, 100)
    }

    /// `text` as a caption whose words are its tokens, one every 0.3 s.
    static func caption(_ text: String, language: String?) -> Caption {
        let words = Tokenizer.tokens(text).enumerated().map { index, token in
            Word(text: token.display, start: Double(index) * 0.3, end: Double(index + 1) * 0.3)
        }
        return Caption(text: text, start: 0, end: Double(words.count) * 0.3 + 1, language: language, words: words)
    }

    /// A word's reserved box in frame pixels, as `plan` gives it.
    static func reserved(_ word: LaidOutWord, _ layout: LaidOutCaption) -> Rect { layout.reservedBox(of: word) }
}
