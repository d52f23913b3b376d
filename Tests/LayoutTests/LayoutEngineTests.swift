import Captions
import Foundation
import Imaging
import TestSupport
import XCTest

@testable import Layout

final class LayoutEngineTests: XCTestCase {
    static let fontsConf = Repository.fontsConf

    private let style = TextStyle(
        family: "Noto Sans", weight: 700, size: 64, minimumSize: 32,
        safeArea: Rect(x: 120, y: 240, width: 768, height: 1200), anchorX: 504, anchorY: 1152)

    private func engine() throws -> LayoutEngine { try LayoutEngine(fontsConf: Self.fontsConf, phrases: try Repository.phrases()) }

    func testFontsComeFromFontsConfPerLanguage() throws {
        let selector = try FontSelector(configFile: Self.fontsConf)
        let latin = try selector.match(family: "Noto Sans", weight: 700, language: "en")
        XCTAssertEqual(latin.family, "Noto Sans")
        XCTAssertTrue(latin.path.hasSuffix("NotoSans-Bold.ttf"), latin.path)
        let japanese = try selector.match(family: "Noto Sans", weight: 700, language: "ja")
        XCTAssertEqual(japanese.family, "Noto Sans CJK JP")
        let traditional = try selector.match(family: "Noto Sans", weight: 700, language: "zh-tw")
        XCTAssertEqual(traditional.family, "Noto Sans CJK TC")
        XCTAssertEqual(japanese.path, traditional.path, "Pan-CJK faces share one collection file")
        XCTAssertNotEqual(japanese.index, traditional.index)
    }

    func testMissingFontsConfIsAClearError() {
        XCTAssertThrowsError(try FontSelector(configFile: URL(fileURLWithPath: "/nonexistent/Fonts.conf"))) {
            XCTAssertEqual(String(describing: $0), "/nonexistent/Fonts.conf: cannot read fontconfig file")
        }
    }

    /// Found by `make fuzz` (layout, the shorts preset): a line broke inside a grapheme cluster
    /// (`X🏽`), was measured narrower than it was set and left the safe area while "fitting".
    func testLinesThatFitStayInsideTheSafeArea() throws {
        let shorts = TextStyle(
            family: "Noto Sans", weight: 700, size: 64, minimumSize: 40,
            safeArea: Rect(x: 72, y: 240, width: 816, height: 1200), anchorX: 479.952, anchorY: 1152, paintMargin: 0.09)
        let text = "\u{FFFD}\u{30D}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{200D}z\u{1F469}\u{200D}\u{FFFD}"
            + "uX\u{1F3FD}\u{1F468}\u{200D}/2\u{7D9}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD} \u{0}\u{0}0 10:30 1/2"
        let laidOut = try engine().layout(Caption(text: text, start: 0, end: 1), style: shorts)
        XCTAssertFalse(laidOut.overflows)
        XCTAssertLessThanOrEqual(laidOut.box.maxX, shorts.safeArea.maxX, "\(laidOut.lines.map(\.text))")
        XCTAssertGreaterThanOrEqual(laidOut.box.x, shorts.safeArea.x)
    }

    /// Found by `make fuzz` (layout, the default preset): a line broken after a hyphen was
    /// measured with the kerning of `-S` across the break and set 1 px wider, outside the safe area.
    func testLinesAreMeasuredAsTheyAreSet() throws {
        let preset = TextStyle(
            family: "Noto Sans", weight: 700, size: 64, minimumSize: 40,
            safeArea: Rect(x: 120, y: 270, width: 768, height: 978), anchorX: 504, anchorY: 1152, paintMargin: 0.09)
        let text = "\u{5}8" + String(repeating: "\u{FFFD}", count: 7) + "+\u{FFFD}\u{FFFD}i-S"
        let laidOut = try engine().layout(Caption(text: text, start: 0, end: 1, language: "ja"), style: preset)
        XCTAssertFalse(laidOut.overflows)
        XCTAssertLessThanOrEqual(laidOut.box.maxX, preset.safeArea.maxX, "\(laidOut.lines.map(\.text))")
        XCTAssertGreaterThanOrEqual(laidOut.box.x, preset.safeArea.x)
    }

    func testShortCaptionIsOneCentredLineAtFullSize() throws {
        let laidOut = try engine().layout(Caption(text: "Captions that pop", start: 0, end: 1), style: style)
        XCTAssertEqual(laidOut.lines.map(\.text), ["Captions that pop"])
        XCTAssertEqual(laidOut.fontSize, 64)
        XCTAssertFalse(laidOut.overflows)
        XCTAssertEqual(laidOut.frame.midX, 504, accuracy: 0.5)
        XCTAssertEqual(laidOut.frame.midY, 1152, accuracy: 0.5)
        XCTAssertLessThanOrEqual(laidOut.frame.width, style.safeArea.width)
        // Glyph pens advance left to right.
        let xs = laidOut.lines[0].glyphs.map(\.x)
        XCTAssertEqual(xs, xs.sorted())
    }

    func testLongCaptionBreaksAtWordsIntoTwoLinesInsideTheSafeArea() throws {
        let text = "Burning captions into every short video takes care"
        let laidOut = try engine().layout(Caption(text: text, start: 0, end: 1), style: style)
        XCTAssertEqual(laidOut.lines.count, 2)
        XCTAssertEqual(laidOut.lines.map(\.text).joined(separator: " "), text)
        XCTAssertLessThanOrEqual(laidOut.frame.width, style.safeArea.width)
        XCTAssertGreaterThanOrEqual(laidOut.frame.x, style.safeArea.x)
    }

    func testTooMuchTextShrinksInsteadOfAThirdLine() throws {
        let text = "This caption has far too many words to fit on two lines at the preset size so it must shrink"
        let laidOut = try engine().layout(Caption(text: text, start: 0, end: 1), style: style)
        XCTAssertLessThanOrEqual(laidOut.lines.count, 2)
        XCTAssertLessThan(laidOut.fontSize, style.size)
        XCTAssertGreaterThanOrEqual(laidOut.fontSize, style.minimumSize)
        XCTAssertLessThanOrEqual(laidOut.frame.width, style.safeArea.width)
    }

    func testNeverAThirdLineEvenPastTheMinimumSize() throws {
        let text = String(repeating: "Far too many words for two lines at any sensible size. ", count: 3)
        let laidOut = try engine().layout(Caption(text: text, start: 0, end: 1), style: style)
        XCTAssertEqual(laidOut.lines.count, 2)
        XCTAssertTrue(laidOut.overflows)
        XCTAssertLessThan(laidOut.fontSize, style.minimumSize)
        XCTAssertLessThanOrEqual(laidOut.frame.width, style.safeArea.width)
    }

    func testNumbersAndSymbolsShapeWithoutMissingGlyphs() throws {
        let text = "5% $20 3.5 1,000 10:30 25°C #1 @home 1/2 €5"
        let laidOut = try engine().layout(Caption(text: text, start: 0, end: 1), style: style)
        XCTAssertEqual(laidOut.lines.map(\.text).joined(separator: " "), text)
        XCTAssertFalse(laidOut.lines.flatMap(\.glyphs).contains { $0.glyph == 0 }, "no .notdef glyphs")
    }

    /// A zero-width space needs no glyph (it is default ignorable, as ICU and Swift say): it
    /// stays in the run around it instead of starting a run in another face.
    func testInvisibleCharactersStayInTheRunAroundThem() throws {
        let laidOut = try engine().layout(Caption(text: "日本\u{200B}語", start: 0, end: 1, language: "ja"), style: style)
        XCTAssertEqual(laidOut.lines.flatMap(\.fonts), ["Noto Sans CJK JP"])
    }

    func testJapaneseCaptionUsesTheJapaneseFace() throws {
        let laidOut = try engine().layout(Caption(text: "字幕を焼き込む", start: 0, end: 1), style: style)
        XCTAssertEqual(laidOut.fonts[0].family, "Noto Sans CJK JP")
        XCTAssertEqual(laidOut.lines.flatMap(\.fonts), ["Noto Sans CJK JP"])
        XCTAssertEqual(laidOut.language?.bcp47, "ja")
        XCTAssertFalse(laidOut.lines[0].glyphs.contains { $0.glyph == 0 }, "no .notdef glyphs")
    }
}
