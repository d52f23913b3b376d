import CaptionCases
import Captions
import Foundation
import Imaging
import TestSupport
import XCTest

@testable import Layout

/// The layout as text (lines, widths, fonts per line, size, box) of the layout cases of
/// `Tests/Cases/captions.json` (every language and the hard cases), in their order, against
/// `Goldens/layout.txt`. `RECORD_GOLDENS=1` rewrites the file and fails, so every change of a
/// golden is a reviewed commit.
final class LayoutGoldenTests: XCTestCase {
    static let folder = Repository.root.appendingPathComponent("Tests/LayoutTests/Goldens")
    static let fontsConf = Repository.fontsConf

    /// The tiktok preset on a 1080x1920 frame.
    static let style = TextStyle(
        family: "Noto Sans", weight: 700, size: 64, minimumSize: 40,
        safeArea: Rect(x: 120, y: 240, width: 768, height: 1200), anchorX: 504, anchorY: 1152, paintMargin: 0.09)

    func testLayoutMatchesTheGoldenText() throws {
        let cases = try CaptionCaseFile.cases(.layout, in: Repository.root)
        XCTAssertGreaterThanOrEqual(cases.count, 38)
        XCTAssertTrue(cases.contains { $0.name == "ja-JP words" && $0.language == "ja-JP" })
        let engine = try LayoutEngine(fontsConf: Self.fontsConf, phrases: try Repository.phrases())
        var text = ""
        for test in cases {
            let caption = Caption(text: test.text, start: 0, end: 1, language: test.language)
            let layout = try engine.layout(caption, style: Self.style)
            checkInvariants(layout, name: test.name)
            text += Self.describe(layout, name: test.name, text: test.text)
        }
        let golden = Self.folder.appendingPathComponent("layout.txt")
        if Goldens.isRecording {
            try text.write(to: golden, atomically: true, encoding: .utf8)
            XCTFail("recorded \(golden.path); review and commit it, then run the tests again without RECORD_GOLDENS")
            return
        }
        if let difference = try Goldens.textDifference(text, from: golden) { XCTFail(difference) }
    }

    /// At most two lines, box inside the safe area, no `.notdef` glyph (every case's text is covered).
    private func checkInvariants(_ layout: LaidOutCaption, name: String) {
        XCTAssertTrue((1...2).contains(layout.lines.count), name)
        let area = Self.style.safeArea
        XCTAssertGreaterThanOrEqual(layout.box.x, area.x - 1e-6, name)
        XCTAssertLessThanOrEqual(layout.box.maxX, area.maxX + 1e-6, name)
        XCTAssertGreaterThanOrEqual(layout.box.y, area.y - 1e-6, name)
        XCTAssertLessThanOrEqual(layout.box.maxY, area.maxY + 1e-6, name)
        XCTAssertFalse(layout.lines.flatMap(\.glyphs).contains { $0.glyph == 0 }, "\(name): .notdef glyph")
    }

    static func describe(_ layout: LaidOutCaption, name: String, text: String) -> String {
        func f(_ value: Double) -> String { String(format: "%.2f", value) }
        var out = "== \(name): \(text)\n"
        out += "size \(f(layout.fontSize)) fit \(layout.fit.rawValue) box \(f(layout.box.x)),\(f(layout.box.y)) "
        out += "\(f(layout.box.width))x\(f(layout.box.height))\n"
        for (i, line) in layout.lines.enumerated() {
            out += "line \(i + 1) width \(f(line.width)) fonts \(line.fonts.joined(separator: " + ")): \(line.text)\n"
        }
        return out
    }

    /// The same Pan-CJK face gives Japanese forms for `ja` and Chinese forms for `zh-Hans`:
    /// HarfBuzz applies `locl` from the language.
    func testJapaneseAndChineseFormsDifferThroughLocl() throws {
        let engine = try LayoutEngine(fontsConf: Self.fontsConf, phrases: try Repository.phrases())
        let font = try engine.font(family: "Noto Sans", weight: 700, language: LanguageTag("zh-CN"))
        let face = try engine.faces.face(font, size: 64)
        let shaper = try Shaper()
        let text = "直骨角述"
        let japanese = try shaper.shape(text, face: face, language: LanguageTag("ja").harfBuzzLanguage).map(\.glyph)
        let chinese = try shaper.shape(text, face: face, language: LanguageTag("zh-Hans").harfBuzzLanguage).map(\.glyph)
        XCTAssertEqual(japanese.count, 4)
        XCTAssertEqual(chinese.count, 4)
        for i in 0..<4 { XCTAssertNotEqual(japanese[i], chinese[i], "character \(i) should take its regional form") }
        XCTAssertFalse(japanese.contains(0))
    }

    func testTraditionalChineseTagsResolveToTheSameFont() throws {
        let engine = try LayoutEngine(fontsConf: Self.fontsConf, phrases: try Repository.phrases())
        let tw = try engine.font(family: "Noto Sans", weight: 700, language: LanguageTag("zh-TW"))
        let hant = try engine.font(family: "Noto Sans", weight: 700, language: LanguageTag("zh-Hant-TW"))
        XCTAssertEqual(tw, hant)
        XCTAssertEqual(tw.family, "Noto Sans CJK TC")
    }
}
