import Captions
import Foundation
import Imaging
import XCTest

@testable import Layout

/// The layout as text (lines, widths, fonts per line, size, box) for every language and the
/// hard cases, against `Goldens/layout.txt`. `RECORD_GOLDENS=1` rewrites the file and fails,
/// so every change of a golden is a reviewed commit.
final class LayoutGoldenTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static let fontsConf = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fonts.conf")

    /// The tiktok preset on a 1080x1920 frame.
    static let style = TextStyle(
        family: "Noto Sans", weight: 700, size: 64, minimumSize: 40,
        safeArea: Rect(x: 120, y: 240, width: 768, height: 1200), anchorX: 504, anchorY: 1152, paintMargin: 0.09)

    /// (name, BCP-47 language, text).
    static let cases: [(String, String, String)] = [
        ("en-US", "en-US", "Captions that look right on every platform"),
        ("en-GB", "en-GB", "Colour and flavour, whilst travelling through Edinburgh"),
        ("de-DE", "de-DE", "Untertitel, die auf jeder Plattform gut aussehen: Größe, Übergänge"),
        ("es-ES", "es-ES", "¿Dónde están los subtítulos? ¡Aquí, en la pantalla!"),
        ("fr-FR", "fr-FR", "Des sous-titres qui s’affichent bien, élégants et lisibles"),
        ("hi-IN", "hi-IN", "हर प्लेटफ़ॉर्म पर सही दिखने वाले कैप्शन"),
        ("hu-HU", "hu-HU", "Feliratok, amelyek minden platformon jól néznek ki"),
        ("it-IT", "it-IT", "Sottotitoli che stanno bene su ogni piattaforma"),
        ("ja-JP", "ja-JP", "字幕を動画に焼き込むツールです"),
        ("ja-JP words", "ja-JP", "東京都に住んでいます。毎日電車で通勤しています"),
        ("ko-KR", "ko-KR", "모든 플랫폼에서 보기 좋은 자막입니다"),
        ("lt-LT", "lt-LT", "Subtitrai, kurie gražiai atrodo kiekvienoje platformoje"),
        ("ms-MY", "ms-MY", "Sari kata yang kelihatan baik di setiap platform"),
        ("nl-NL", "nl-NL", "Ondertitels die er op elk platform goed uitzien"),
        ("pt-PT", "pt-PT", "Legendas que ficam bem em todas as plataformas"),
        ("ru-RU", "ru-RU", "Субтитры, которые хорошо выглядят на любой платформе"),
        ("sv-SE", "sv-SE", "Undertexter som ser bra ut på alla plattformar, även på mobilen"),
        ("tr-TR", "tr-TR", "Her platformda doğru görünen altyazılar: İstanbul’dan selamlar"),
        ("zh", "zh", "我们今天讨论视频字幕的重要性和排版"),
        ("zh-TW", "zh-TW", "我們今天討論影片字幕的重要性和排版"),
        ("zh-HK", "zh-HK", "今日我哋一齊討論字幕嘅排版"),
        ("vi", "vi", "Phụ đề hiển thị đẹp trên mọi nền tảng mạng xã hội"),
        ("th", "th", "คำบรรยายที่ดูดีบนทุกแพลตฟอร์มโซเชียลมีเดีย"),
        ("ar", "ar", "ترجمات تبدو جميلة على كل منصة للتواصل الاجتماعي"),
        ("numbers", "en", "Save 5% on $20, 3.5 stars, 1,000 fans at 10:30"),
        ("currency", "en", "€5, £3, ¥100 and 25°C #1 @home 1/2"),
        ("mixed script", "zh", "我有一部iPhone 15，非常好用"),
        ("emoji", "en", "Let's go 🎉🚀 see you there 👋"),
        ("balance", "en", "This caption is just long enough to need two lines"),
        ("sentence break", "en", "First we record the clip. Then we add the captions"),
        ("shrink", "en", "Captions that shrink a little so that they still fit in two lines"),
        ("below minimum", "en", "A very long caption that cannot fit on two lines at the preset size so it has to shrink down"),
        ("fallback: Thai in English", "en", "Say สวัสดี to everyone"),
        ("emoji then digits", "en", "Party 🎉 2024 #1 now!"),
        ("rtl starting with Latin", "ar", "iPhone 15 هو الأفضل"),
        ("only emoji", "en", "🎉🎉🎉"),
        ("unbreakable word", "en", "Pneumonoultramicroscopicsilicovolcanoconiosis"),
        ("rtl with numbers", "ar", "السعر 20 دولارًا فقط اليوم"),
    ]

    func testLayoutMatchesTheGoldenText() throws {
        let engine = try LayoutEngine(fontsConf: Self.fontsConf)
        var text = ""
        for (name, language, caption) in Self.cases {
            let layout = try engine.layout(Caption(text: caption, start: 0, end: 1, language: language), style: Self.style)
            checkInvariants(layout, name: name)
            text += Self.describe(layout, name: name, text: caption)
        }
        let golden = Self.folder.appendingPathComponent("layout.txt")
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            try text.write(to: golden, atomically: true, encoding: .utf8)
            XCTFail("recorded \(golden.path); review and commit it, then run the tests again without RECORD_GOLDENS")
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        if text != expected {
            let actual = text.split(separator: "\n", omittingEmptySubsequences: false)
            let wanted = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let first = (0..<min(actual.count, wanted.count)).first { actual[$0] != wanted[$0] } ?? min(actual.count, wanted.count)
            XCTFail(
                "layout differs from \(golden.lastPathComponent) at line \(first + 1):\n  expected: "
                    + "\(first < wanted.count ? wanted[first] : "(end)")\n  actual:   "
                    + "\(first < actual.count ? actual[first] : "(end)")\n(RECORD_GOLDENS=1 make test records a new golden)")
        }
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
        let engine = try LayoutEngine(fontsConf: Self.fontsConf)
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
        let engine = try LayoutEngine(fontsConf: Self.fontsConf)
        let tw = try engine.font(family: "Noto Sans", weight: 700, language: LanguageTag("zh-TW"))
        let hant = try engine.font(family: "Noto Sans", weight: 700, language: LanguageTag("zh-Hant-TW"))
        XCTAssertEqual(tw, hant)
        XCTAssertEqual(tw.family, "Noto Sans CJK TC")
    }
}
