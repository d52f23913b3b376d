import Foundation
import Imaging
import Raster
import TestSupport
import XCTest

@testable import Pipeline
@testable import Settings

/// Optional `shadow` and `box` in a preset: decoded, validated by field, scaled by the font size.
final class PresetStyleTests: XCTestCase {
    private func preset(_ extra: String) throws -> URL {
        let json = """
            {
              "name": "test", "frame": { "width": 1080, "height": 1920 },
              "safeArea": { "x": 120, "y": 240, "width": 768, "height": 1200 },
              "anchor": { "x": 0.4666666666666667, "y": 0.6 },
              "font": { "family": "Noto Sans", "weight": 700, "size": 64, "minimumSize": 40 },
              "fill": "#FFFFFF", "outline": { "color": "#000000", "radius": 0.09 }\(extra)
            }
            """
        let url = try temporaryFolder().appendingPathComponent("preset-style.json")
        try Data(json.utf8).write(to: url)
        return url
    }

    func testShadowAndBoxScaleWithTheFontSize() throws {
        let url = try preset(
            """
            , "shadow": { "color": "#00000099", "offsetX": 0.05, "offsetY": 0.1, "blur": 0.125 },
              "box": { "color": "#202020C0", "padding": 0.25, "cornerRadius": 0.5 }
            """)
        defer { try? FileManager.default.removeItem(at: url) }
        let loaded = try Preset.load(url)
        let style = loaded.rasterStyle(fontSize: 40)
        XCTAssertEqual(
            style.shadows,
            [RasterStyle.Shadow(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0x99), offsetX: 2, offsetY: 4, blur: 5)])
        XCTAssertEqual(
            style.box, RasterStyle.Box(color: RGBAColor(red: 32, green: 32, blue: 32, alpha: 0xC0), padding: 10, cornerRadius: 20))
        // Layout keeps the farthest paint inside the safe area: the shadow, 0.1 + 1.5 x 0.125 = 0.2875 (box 0.25).
        XCTAssertEqual(loaded.textStyle(width: 1080, height: 1920).paintMargin, 0.2875, accuracy: 1e-9)
    }

    func testWithoutShadowAndBoxNothingChanges() throws {
        let url = try preset("")
        defer { try? FileManager.default.removeItem(at: url) }
        let loaded = try Preset.load(url)
        XCTAssertNil(loaded.shadow)
        XCTAssertNil(loaded.box)
        XCTAssertEqual(loaded.rasterStyle(fontSize: 40), RasterStyle(fill: .white, outline: .black, outlineRadius: 0.09 * 40))
        XCTAssertEqual(loaded.textStyle(width: 1080, height: 1920).paintMargin, 0.09)
    }

    func testOutOfRangeFieldsAreNamed() throws {
        let cases = [
            (##", "shadow": { "color": "#000000", "offsetX": 0.6, "offsetY": 0, "blur": 0 }"##, "shadow.offsetX: must be"),
            (##", "shadow": { "color": "#000000", "offsetX": 0, "offsetY": 0, "blur": -1 }"##, "shadow.blur: must be"),
            (##", "box": { "color": "#000000", "padding": 2, "cornerRadius": 0 }"##, "box.padding: must be"),
            (##", "box": { "color": "#000000", "padding": 0.2, "cornerRadius": 1.5 }"##, "box.cornerRadius: must be"),
            (##", "box": { "color": "#000000", "padding": 0.2 }"##, "box.cornerRadius: missing"),
            (##", "shadow": { "color": "black", "offsetX": 0, "offsetY": 0, "blur": 0 }"##, "shadow.color: expected a colour"),
        ]
        for (extra, expected) in cases {
            let url = try preset(extra)
            defer { try? FileManager.default.removeItem(at: url) }
            XCTAssertThrowsError(try Preset.load(url)) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error) should contain \(expected)")
            }
        }
    }
}
