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

/// Every shipped preset keeps every layout case of `Tests/Cases/captions.json` inside its safe
/// area: each caption is laid out and rasterized at the preset's reference size, and every
/// pixel it paints (alpha > 0, the pixels that differ from the frame without captions) must lie inside.
final class PresetSafeAreaTests: XCTestCase {
    func testTheCaseListIsRead() throws {
        let cases = try CaptionCaseFile.cases(.layout, in: Repository.root)
        XCTAssertGreaterThanOrEqual(cases.count, 38)
        XCTAssertTrue(cases.contains { ($0.name, $0.language, $0.text) == ("ja-JP", "ja-JP", "字幕を動画に焼き込むツールです") })
    }

    func testEveryCaptionOfEveryPresetPaintsOnlyInsideTheSafeArea() throws {
        let names = Resources.presetNames()
        XCTAssertTrue(Set(["default", "reels", "shorts", "tiktok", "youtube"]).isSubset(of: names), "\(names)")
        let cases = try CaptionCaseFile.cases(.layout, in: Repository.root)
        let engine = try LayoutEngine(fontsConf: Repository.fontsConf, phrases: try Repository.phrases())
        var unpainted: Set<String> = []
        for name in names {
            let preset = try Preset.load(try Resources.preset(name))
            let width = Int(preset.frame.width)
            let height = Int(preset.frame.height)
            let style = preset.textStyle(width: width, height: height)
            // The layout's safe area is the preset's, snapped inward to the 2x2 chroma grid.
            XCTAssertGreaterThanOrEqual(style.safeArea.x, preset.safeArea.x, name)
            XCTAssertLessThanOrEqual(style.safeArea.maxX, preset.safeArea.maxX, name)
            XCTAssertEqual(style.safeArea.width, preset.safeArea.width, accuracy: 2, name)
            for test in cases {
                let layout = try engine.layout(Caption(text: test.text, start: 0, end: 1, language: test.language), style: style)
                guard let bitmap = try Rasterizer.render(layout, style: preset.rasterStyle(fontSize: layout.fontSize), faces: engine.faces)
                else {
                    unpainted.insert(test.name)
                    continue
                }
                let outside = PaintedPixels.blendedOutside(preset.safeArea, of: bitmap, frameWidth: width, frameHeight: height)
                XCTAssertEqual(outside.count, 0, "\(name) / \(test.name): \(outside.count) pixels outside, first \(outside.first.map { "\($0)" } ?? "")")
            }
        }
        // Every caption must paint, or the check above proves nothing.
        XCTAssertEqual(unpainted, [], "nothing painted for \(unpainted.sorted())")
    }

    func testThePixelCheckFindsAPixelOutside() {
        // One painted pixel just right of a 10x10 safe area at (5, 5), and one inside.
        var pixels = [UInt8](repeating: 0, count: 20 * 20 * 4)
        pixels[(7 * 20 + 15) * 4 + 3] = 1
        pixels[(7 * 20 + 14) * 4 + 3] = 255
        let bitmap = CaptionBitmap(x: 0, y: 0, width: 20, height: 20, pixels: pixels)
        let outside = PaintedPixels.blendedOutside(Rect(x: 5, y: 5, width: 10, height: 10), of: bitmap, frameWidth: 20, frameHeight: 20)
        // 4:2:0 chroma is shared by 2x2 blocks: the painted pixel at x 15 changes x 14...15, y 6...7.
        XCTAssertEqual(outside.map(\.x), [15, 15])
        XCTAssertEqual(outside.map(\.y), [6, 7])
    }
}
