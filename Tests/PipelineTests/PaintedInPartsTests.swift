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

/// A word-by-word caption is drawn in parts: from one state to the next, the state painter
/// draws again only where words changed (and, under shadows, as far as the blur reaches
/// around them). For every shipped look and the test looks of `Tests/Cases/test-looks`, with
/// and without a caption box, frame by frame through a caption's life, each bitmap equals the
/// one a fresh painter draws whole, and every pixel that changed lies in the areas it reports.
final class PaintedInPartsTests: XCTestCase {
    func testStatesDrawnInPartsEqualStatesDrawnWhole() throws {
        let engine = try LayoutEngine(fontsConf: Repository.fontsConf, phrases: try Repository.phrases())
        let tiktok = try Preset.load(try Resources.preset("tiktok"))
        var boxed = tiktok
        boxed.box = try JSONDecoder().decode(Preset.Box.self, from: Data(##"{"color": "#00000096", "padding": 0.2, "cornerRadius": 0.3}"##.utf8))
        let looks = try LookLayoutTests.looks() + LookLayoutTests.testLooks()
        let texts = [("en", "Painted in parts, word by word"), ("en", "Every spoken word lights up across two balanced lines"), ("ja", "字幕が一語ずつ光る")]
        var inParts = 0
        var underShadows = 0
        var whole = 0
        for look in looks {
            for preset in [tiktok, boxed] {
                let style = preset.textStyle(width: 1080, height: 1920, look: look)
                for (language, text) in texts {
                    let caption = LookLayoutTests.caption(text, language: language)
                    let layout = try engine.layout(caption, style: style)
                    let wordLook = try XCTUnwrap(look.wordLook(preset: preset, fontSize: layout.fontSize))
                    let raster = preset.rasterStyle(fontSize: layout.fontSize, look: look)
                    let painter = StatePainter(layout, look: wordLook, style: raster, faces: engine.faces)
                    var previous: (state: WordState, picture: PaintedPixels)?
                    for frame in 0..<Int((caption.end - caption.start) * 30) {
                        let state = wordLook.state(at: Double(frame) / 30, words: caption.words, start: caption.start)
                        if state == previous?.state { continue }
                        let picture = PaintedPixels(try painter.bitmap(state))
                        let fresh = PaintedPixels(
                            try StatePainter(layout, look: wordLook, style: raster, faces: engine.faces).bitmap(state))
                        let place = "\(look.name)\(preset.box == nil ? "" : " boxed") / \(text) / frame \(frame)"
                        XCTAssertTrue(
                            picture.bitmap == fresh.bitmap,
                            "\(place): \(picture.differences(from: fresh).count) pixels differ from the state drawn whole")
                        if let previous, let changed = painter.lastChange {
                            let strays = PaintedPixels.outside(changed, previous.picture.differences(from: picture))
                            XCTAssertEqual(strays.count, 0, "\(place): \(strays.count) changed pixels outside \(changed), first \(strays.first.map { "\($0)" } ?? "")")
                            XCTAssertEqual(
                                picture.bitmap.map { [$0.x, $0.y, $0.width, $0.height] },
                                previous.picture.bitmap.map { [$0.x, $0.y, $0.width, $0.height] }, "\(place): drawn in parts in another box")
                            inParts += 1
                            if !raster.shadows.isEmpty || raster.box != nil { underShadows += 1 }
                        } else {
                            whole += 1
                        }
                        previous = (state, picture)
                    }
                }
            }
        }
        // Most states are drawn in parts, under shadows and boxes too; the first state and a
        // caption's entrance are drawn whole.
        XCTAssertGreaterThan(inParts, 3 * whole, "\(inParts) in parts, \(whole) whole")
        XCTAssertGreaterThan(underShadows, 200)
    }
}
