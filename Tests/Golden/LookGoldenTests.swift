import Captions
import Foundation
import Imaging
import Layout
import Media
import Pipeline
import Raster
import Settings
import TestSupport
import XCTest

/// The word-by-word looks held to reviewed pictures, each with its face and text transform:
/// `Tests/Cases/looks.json` names the looks, the captions (en, ja, ar, zh-TW, emoji, two
/// lines) and the instants; each look is one picture in `Looks/`, a row per caption and a column per instant, drawn with the
/// tiktok preset at half its reference size on grey. Compared and recorded as the other
/// golden images (`RECORD_GOLDENS=1`).
final class LookGoldenTests: XCTestCase {
    static let folder = Repository.root.appendingPathComponent("Tests/Golden/Looks")

    struct LookCases: Decodable {
        struct Instant: Decodable {
            var name: String
            var word: WordChoice
            var after: Double  // seconds after the word's start
        }
        enum WordChoice: Decodable, Equatable {
            case index(Int), middle, last
            init(from decoder: Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let index = try? container.decode(Int.self) {
                    self = .index(index)
                    return
                }
                switch try container.decode(String.self) {
                case "middle": self = .middle
                case "last": self = .last
                case let other:
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown word \(other)")
                }
            }
        }
        struct CaptionCase: Decodable {
            var name: String
            var language: String
            var separator: String
            var words: [String]
        }
        var looks: [String]
        var instants: [Instant]
        var captions: [CaptionCase]
    }

    static func cases() throws -> LookCases {
        try Repository.cases(LookCases.self, "looks.json")
    }

    /// The caption of a case: word i from 0.1 + 0.5 i seconds for 0.45 s.
    static func caption(_ test: LookCases.CaptionCase) -> Caption {
        let words = test.words.enumerated().map { i, text in
            Word(text: text, start: 0.1 + 0.5 * Double(i), end: 0.55 + 0.5 * Double(i))
        }
        return Caption(
            text: test.words.joined(separator: test.separator), start: 0, end: 0.5 * Double(words.count) + 0.5,
            language: test.language, words: words)
    }

    static func time(_ instant: LookCases.Instant, _ caption: Caption) -> Double {
        let index: Int
        switch instant.word {
        case .index(let i): index = i
        case .middle: index = caption.words.count / 2
        case .last: index = caption.words.count - 1
        }
        return caption.words[index].start + instant.after
    }

    func testEveryLookMatchesItsGolden() throws {
        let file = try Self.cases()
        XCTAssertEqual(
            Set(file.looks), Set(["highlight", "box", "pop", "reveal", "karaoke", "bold", "yellowbox", "minimal", "popin", "duo", "capsbox", "neon", "rise"]))
        XCTAssertEqual(Set(file.captions.map(\.language)), Set(["en", "ja", "ar", "zh-TW"]))
        let engine = try LayoutEngine(fontsConf: Repository.fontsConf, phrases: try Repository.phrases())
        let pictures = try file.looks.map { (name: $0, png: try render(look: $0, file: file, engine: engine)) }
        for failure in try Goldens.check(pictures, in: Self.folder, prefix: "look-") { XCTFail(failure) }
    }

    /// Each picture in `Looks/` belongs to a look of the case file.
    func testEveryLookGoldenHasALook() throws {
        let pictures = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
        XCTAssertEqual(Set(pictures), Set(try Self.cases().looks.map { "\($0).png" }))
    }

    /// One look's picture: a row per caption, a column per instant.
    func render(look name: String, file: LookCases, engine: LayoutEngine) throws -> [UInt8] {
        let preset = try Preset.load(try Resources.preset("tiktok"))
        let look = try Look.load(try Resources.look(name))
        let width = Int(preset.frame.width) / 2
        let height = Int(preset.frame.height) / 2
        let style = preset.textStyle(width: width, height: height, look: look)
        // A cell: the safe area's width, 140 pixels around the anchor.
        let cell = (x: Int(style.safeArea.x), y: Int(style.anchorY) - 70, width: Int(style.safeArea.width), height: 140)
        let sheet = try Canvas(width: cell.width * file.instants.count, height: cell.height * file.captions.count, luma: 110)
        for (row, test) in file.captions.enumerated() {
            // With the look's text transform, as a render applies it.
            let caption = look.transformed([Self.caption(test)], language: nil)[0]
            let layout = try engine.layout(caption, style: style)
            let wordLook = try XCTUnwrap(look.wordLook(preset: preset, fontSize: layout.fontSize), name)
            let painter = StatePainter(layout, look: wordLook, style: preset.rasterStyle(fontSize: layout.fontSize, look: look), faces: engine.faces)
            for (column, instant) in file.instants.enumerated() {
                let state = wordLook.state(at: Self.time(instant, caption), words: caption.words, start: caption.start)
                guard let bitmap = try painter.bitmap(state) else { continue }
                if let moved = bitmap.clipped(to: cell, movedTo: (column * cell.width, row * cell.height)) { sheet.blend(moved) }
            }
        }
        return try sheet.png()
    }
}

extension CaptionBitmap {
    /// The part inside `cell` (frame pixels), moved so the cell's corner lands at `origin`.
    fileprivate func clipped(to cell: (x: Int, y: Int, width: Int, height: Int), movedTo origin: (Int, Int)) -> CaptionBitmap? {
        let left = max(x, cell.x)
        let top = max(y, cell.y)
        let right = min(x + width, cell.x + cell.width)
        let bottom = min(y + height, cell.y + cell.height)
        guard right > left, bottom > top else { return nil }
        var clipped = [UInt8](repeating: 0, count: (right - left) * (bottom - top) * 4)
        for row in top..<bottom {
            let from = ((row - y) * width + left - x) * 4
            let to = (row - top) * (right - left) * 4
            clipped.replaceSubrange(to..<(to + (right - left) * 4), with: pixels[from..<(from + (right - left) * 4)])
        }
        return CaptionBitmap(
            x: left - cell.x + origin.0, y: top - cell.y + origin.1, width: right - left, height: bottom - top, pixels: clipped)
    }
}
