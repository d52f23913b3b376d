import Captions
import Foundation
import Imaging
import Layout
import Media
import Raster
import XCTest

@testable import Pipeline

/// Rendered captions against reviewed pictures in `Cases/`. A case fails when more than
/// `allowedPixels` pixels differ by more than `tolerance` in some channel, and then writes the
/// render and a diff to `.build/golden-failures/`. `RECORD_GOLDENS=1` (or `make goldens`)
/// writes new pictures and fails, so every change of a golden is a reviewed commit.
final class GoldenTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let root = folder.deletingLastPathComponent().deletingLastPathComponent()
    static let failures = root.appendingPathComponent(".build/golden-failures")

    /// A channel difference up to this is noise (a FreeType or swscale rounding elsewhere). // 0...255
    static let tolerance = 24
    /// How many pixels may exceed the tolerance: 0.02% of the frame, at least 20.
    static func allowedPixels(_ count: Int) -> Int { max(20, count / 5000) }

    func testEveryCaseMatchesItsGolden() throws {
        try checkFonts()
        let engine = try LayoutEngine(fontsConf: Self.root.appendingPathComponent("Fonts.conf"))
        let record = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
        XCTAssertGreaterThanOrEqual(GoldenCase.all.count, 30)
        var recorded: [String] = []
        for golden in GoldenCase.all {
            let png = try render(golden, engine: engine)
            let expected = Self.folder.appendingPathComponent("Cases/\(golden.name).png")
            if record {
                try Data(png).write(to: expected)
                recorded.append(golden.name)
                continue
            }
            guard let stored = FileManager.default.contents(atPath: expected.path) else {
                XCTFail("\(golden.name): no golden at \(expected.path) (RECORD_GOLDENS=1 make test records it)")
                continue
            }
            let want = try PNGDecoder.decode([UInt8](stored), file: expected.path)
            let got = try PNGDecoder.decode(png, file: golden.name)
            guard want.width == got.width, want.height == got.height else {
                XCTFail("\(golden.name): \(got.width)x\(got.height), golden is \(want.width)x\(want.height)")
                try writeFailure(golden.name, actual: png, diff: nil)
                continue
            }
            let (count, diff) = Self.compare(want, got)
            if count > Self.allowedPixels(want.width * want.height) {
                let paths = try writeFailure(golden.name, actual: png, diff: diff)
                XCTFail(
                    "\(golden.name): \(count) pixels differ by more than \(Self.tolerance) "
                        + "(allowed \(Self.allowedPixels(want.width * want.height))); see \(paths.actual) and \(paths.diff)")
            }
        }
        if record { XCTFail("recorded \(recorded.count) goldens in \(Self.folder.path)/Cases; review and commit them") }
    }

    /// The same case rendered twice gives the same bytes.
    func testRendersAreDeterministic() throws {
        let engine = try LayoutEngine(fontsConf: Self.root.appendingPathComponent("Fonts.conf"))
        for golden in GoldenCase.all where ["emoji", "ja-jp", "shadow", "ar"].contains(golden.name) {
            XCTAssertEqual(try render(golden, engine: engine), try render(golden, engine: engine), golden.name)
        }
    }

    /// The PNG of one case.
    func render(_ golden: GoldenCase, engine: LayoutEngine) throws -> [UInt8] {
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
            let size = golden.frameSize(referenceWidth: preset.frame.width, referenceHeight: preset.frame.height)
            canvas = try Canvas(width: size.width, height: size.height, luma: 110)
            canvas.blend(Self.bars(width: size.width, height: size.height))
        case .video(let file, let time):
            var grabbed: Canvas?
            try FrameGrabber(path: Self.root.appendingPathComponent("Samples/\(file)").path).frames(at: [time]) {
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
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let colour = colours[(x * colours.count / width + y * 3 / height) % colours.count]
                pixels.replaceSubrange(((y * width + x) * 4)..<((y * width + x) * 4 + 4), with: colour)
            }
        }
        return CaptionBitmap(x: 0, y: 0, width: width, height: height, pixels: pixels)
    }

    /// How many pixels differ by more than the tolerance, and a diff picture: grey for small
    /// differences (times 4), red where a pixel exceeds the tolerance.
    static func compare(_ a: RGBImage, _ b: RGBImage) -> (Int, RGBImage) {
        var count = 0
        var diff = [UInt8](repeating: 0, count: a.pixels.count)
        for p in stride(from: 0, to: a.pixels.count, by: 3) {
            let d = (0..<3).map { abs(Int(a.pixels[p + $0]) - Int(b.pixels[p + $0])) }.max() ?? 0
            if d > tolerance {
                count += 1
                diff[p] = 255
            } else {
                let grey = UInt8(min(255, d * 4))
                diff[p] = grey
                diff[p + 1] = grey
                diff[p + 2] = grey
            }
        }
        return (count, RGBImage(width: a.width, height: a.height, pixels: diff))
    }

    @discardableResult
    private func writeFailure(_ name: String, actual: [UInt8], diff: RGBImage?) throws -> (actual: String, diff: String) {
        try FileManager.default.createDirectory(at: Self.failures, withIntermediateDirectories: true)
        let actualURL = Self.failures.appendingPathComponent("\(name).actual.png")
        let diffURL = Self.failures.appendingPathComponent("\(name).diff.png")
        try Data(actual).write(to: actualURL)
        if let diff { try Data(try diff.png()).write(to: diffURL) }
        return (actualURL.path, diffURL.path)
    }

    /// The fonts the cases need come only through Fonts.conf; a missing one fails the suite
    /// with the Debian package that brings it.
    private func checkFonts() throws {
        let selector = try FontSelector(configFile: Self.root.appendingPathComponent("Fonts.conf"))
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
