import CaptionCases
import Captions
import Foundation
import Imaging
import Layout
import Media
import Raster
import TestSupport
import XCTest

@testable import Pipeline
@testable import Settings

/// The image cases of `Tests/Cases/captions.json` rendered against reviewed pictures in
/// `Cases/`. A case fails when more than `Goldens.allowedPixels` pixels differ by more than
/// `Goldens.tolerance` in some channel, and then writes the render and a diff to
/// `.build/golden-failures/`. `RECORD_GOLDENS=1` (or `make goldens`) writes new pictures and
/// fails, so every change of a golden is a reviewed commit.
final class GoldenTests: XCTestCase {
    static let folder = Repository.root.appendingPathComponent("Tests/Golden")

    static func cases() throws -> [CaptionCase] { try CaptionCaseFile.cases(.image, in: Repository.root) }

    func testEveryCaseMatchesItsGolden() throws {
        try checkFonts()
        let engine = try LayoutEngine(fontsConf: Repository.fontsConf, phrases: try Repository.phrases())
        let cases = try Self.cases()
        XCTAssertGreaterThanOrEqual(cases.count, 39)
        let pictures = try cases.map { (name: $0.imageName, png: try render($0, engine: engine)) }
        for failure in try Goldens.check(pictures, in: Self.folder.appendingPathComponent("Cases")) { XCTFail(failure) }
    }

    /// Each picture in `Cases/` is the golden of one image case, and the cases of every kind are there.
    func testEveryGoldenHasACase() throws {
        let cases = try Self.cases()
        let pictures = try FileManager.default.contentsOfDirectory(atPath: Self.folder.appendingPathComponent("Cases").path)
        XCTAssertEqual(Set(pictures), Set(cases.map { "\($0.imageName).png" }))
        for name in ["en-us", "mixed-script", "preset-youtube", "outline-none", "shadow", "box", "phone-10bit-rotated"] {
            XCTAssertTrue(cases.contains { $0.imageName == name }, name)
        }
        XCTAssertEqual(cases.first { $0.name == "outline-wide" }?.style, .outline(radius: 0.15))
        XCTAssertEqual(
            cases.first { $0.name == "phone-10bit-rotated" }?.background, .video(file: "phone-hevc10-rot90.mp4", seconds: 0.5))
    }

    /// The same case rendered twice gives the same bytes.
    func testRendersAreDeterministic() throws {
        let engine = try LayoutEngine(fontsConf: Repository.fontsConf, phrases: try Repository.phrases())
        let chosen = try Self.cases().filter { ["emoji", "ja-jp", "shadow", "ar"].contains($0.imageName) }
        XCTAssertEqual(chosen.count, 4)
        for golden in chosen {
            XCTAssertEqual(try render(golden, engine: engine), try render(golden, engine: engine), golden.name)
        }
    }

    /// The PNG of one case: on the colour bars at half the preset's reference size, or on a frame of a sample.
    func render(_ golden: CaptionCase, engine: LayoutEngine) throws -> [UInt8] {
        var preset = try Preset.load(try Resources.preset(golden.preset))
        switch golden.style {
        case .preset: break
        case .outline(let radius): preset.outline.radius = radius
        case .shadow:
            preset.shadow = Preset.Shadow(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 180), offsetX: 0.06, offsetY: 0.08, blur: 0.1)
        case .box:
            preset.box = Preset.Box(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 160), padding: 0.25, cornerRadius: 0.2)
        }
        let canvas: Canvas
        switch golden.background {
        case .bars:
            let width = Int(preset.frame.width) / 2
            let height = Int(preset.frame.height) / 2
            canvas = try Canvas(width: width, height: height, luma: 110)
            canvas.blend(Self.bars(width: width, height: height))
        case .video(let file, let seconds):
            var grabbed: Canvas?
            try FrameGrabber(path: Repository.samples.appendingPathComponent(file).path).frames(at: [seconds]) {
                grabbed = $1
            }
            canvas = try XCTUnwrap(grabbed)
        }
        let style = preset.textStyle(width: canvas.width, height: canvas.height)
        let layout = try engine.layout(Caption(text: golden.text, start: 0, end: 1, language: golden.language), style: style)
        if let bitmap = try Rasterizer.render(layout, style: preset.rasterStyle(fontSize: layout.fontSize), faces: engine.faces) {
            canvas.blend(bitmap)
        }
        return try canvas.png()
    }

    /// Translucent red, green, blue and yellow bars across the frame.
    static func bars(width: Int, height: Int) -> CaptionBitmap {
        let colours: [[UInt8]] = [[128, 0, 0, 128], [0, 128, 0, 128], [0, 0, 128, 128], [128, 128, 0, 128]]
        // A row in each third of the height, repeated down that third.
        let rows = (0..<3).map { third in (0..<width).flatMap { x in colours[(x * colours.count / width + third) % colours.count] } }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height { pixels += rows[y * 3 / height] }
        return CaptionBitmap(x: 0, y: 0, width: width, height: height, pixels: pixels)
    }

    /// The fonts the cases need come only through Fonts.conf; a missing one fails the suite
    /// with the Debian package that brings it.
    private func checkFonts() throws {
        let selector = try FontSelector(configFile: Repository.fontsConf)
        let needed: [(String, String?, String)] = [
            ("Noto Sans", "en", "fonts-noto-core"), ("Noto Sans CJK JP", "ja", "fonts-noto-cjk"),
            ("Noto Sans Thai", "th", "fonts-noto-core"), ("Noto Sans Arabic", "ar", "fonts-noto-core"),
            ("Noto Sans Devanagari", "hi", "fonts-noto-core"), ("Noto Color Emoji", nil, "fonts-noto-color-emoji"),
        ]
        for (family, language, package) in needed {
            let found = try selector.match(family: family == "Noto Color Emoji" ? "emoji" : "Noto Sans", weight: 700, language: language)
            XCTAssertEqual(found.family, family, "missing font \(family): install the Debian package \(package)")
        }
    }
}
