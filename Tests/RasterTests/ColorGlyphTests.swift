import Layout
import XCTest

@testable import Raster

/// Colour emoji: Noto Color Emoji's bitmap strike, scaled to the font size, with the outline around it.
final class ColorGlyphTests: XCTestCase {
    func testEmojiIsDrawnInColourAtTheFontSize() throws {
        let size = 64.0
        let laidOut = try RasterTestSupport.layout("🎉", size: size, language: "en")
        XCTAssertEqual(laidOut.lines[0].fonts, ["Noto Color Emoji"])
        let radius = 3.0
        let bitmap = try XCTUnwrap(
            Rasterizer.render(laidOut, style: RasterStyle(fill: .white, outline: .black, outlineRadius: radius)))
        var coloured = 0
        var minX = Int.max
        var maxX = Int.min
        var minY = Int.max
        var maxY = Int.min
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let i = (y * bitmap.width + x) * 4
                let (r, g, b, a) = (Int(bitmap.pixels[i]), Int(bitmap.pixels[i + 1]), Int(bitmap.pixels[i + 2]), Int(bitmap.pixels[i + 3]))
                XCTAssertTrue(r <= a && g <= a && b <= a, "premultiplied at \(x),\(y)")
                if a > 0 {
                    minX = min(minX, x)
                    maxX = max(maxX, x)
                    minY = min(minY, y)
                    maxY = max(maxY, y)
                }
                if a == 255 && max(r, g, b) - min(r, g, b) >= 64 { coloured += 1 }
            }
        }
        // Opaque, clearly coloured (not grey) pixels cover a good part of a 64 x 64 square.
        XCTAssertGreaterThan(coloured, 600)
        // The drawn extent (emoji plus outline on both sides) is about the font size.
        let drawnWidth = Double(maxX - minX + 1) - 2 * radius
        let drawnHeight = Double(maxY - minY + 1) - 2 * radius
        XCTAssertEqual(drawnWidth, size, accuracy: size * 0.25)
        XCTAssertEqual(drawnHeight, size, accuracy: size * 0.25)
        // The outline goes around the emoji: black opaque pixels on its left edge row.
        let layers = try XCTUnwrap(GlyphRenderer.layers(for: laidOut, padding: Int((radius + 0.5).rounded(.up)) + 1))
        XCTAssertFalse(try XCTUnwrap(layers.color).isEmpty)
        XCTAssertTrue(layers.text.values.allSatisfy { $0 == 0 }, "no outline glyph")
        let black = stride(from: 0, to: bitmap.pixels.count, by: 4).filter {
            bitmap.pixels[$0 + 3] == 255 && bitmap.pixels[$0] == 0 && bitmap.pixels[$0 + 1] == 0 && bitmap.pixels[$0 + 2] == 0
        }.count
        XCTAssertGreaterThan(black, 150, "outline around the emoji")
    }

    func testBoxResamplingAveragesAreas() {
        // 4 x 2 pixels, both rows: opaque red, opaque red, transparent, opaque blue; halved.
        let row: [UInt8] = [255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 0, 0, 0, 0, 255, 255]
        let source = ColorLayer(width: 4, height: 2, pixels: row + row)
        let half = AreaResampler.resample(source, scale: 0.5, offsetX: 0, offsetY: 0, width: 2, height: 1)
        XCTAssertEqual(half.pixels, [255, 0, 0, 255, 0, 0, 128, 128])
        // Starting half an output pixel in: output pixels cover source [-1, 1), [1, 3), [3, 5).
        let shifted = AreaResampler.resample(source, scale: 0.5, offsetX: 0.5, offsetY: 0, width: 3, height: 1)
        XCTAssertEqual(shifted.pixels, [128, 0, 0, 128, 128, 0, 0, 128, 0, 0, 128, 128])
        // Enlarged 1.5 times: an output pixel inside one source pixel takes it whole.
        let large = AreaResampler.resample(source, scale: 1.5, offsetX: 0, offsetY: 0, width: 6, height: 3)
        XCTAssertEqual(Array(large.pixels[0..<4]), [255, 0, 0, 255])
        XCTAssertEqual(Array(large.pixels[16..<20]), [0, 0, 128, 128], "output 4: a third of source 2, a third of source 3")
    }
}
