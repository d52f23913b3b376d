import Imaging
import Layout
import XCTest

@testable import Raster

/// The outline is the fill dilated by a disc: even around every glyph, never showing inside the fill.
final class OutlineTests: XCTestCase {
    /// Distances between the fill's edge and the outline's outer edge for `text`.
    /// Method: both are thresholded at half coverage (fill coverage >= 128; caption alpha >= 128);
    /// edge pixels are set pixels with an unset 4-neighbour; distances are exact Euclidean
    /// distances between pixel centres to the nearest edge pixel of the other set (a brute-force
    /// distance transform restricted to edges).
    private func distances(_ text: String, radius: Double, language: String? = nil) throws -> (
        fromFill: [Double], fromOutline: [Double]
    ) {
        let laidOut = try RasterTestSupport.layout(text, size: 96, language: language)
        let style = RasterStyle(fill: .white, outline: .black, outlineRadius: radius)
        let bitmap = try XCTUnwrap(Rasterizer.render(laidOut, style: style))
        let padding = Int((radius + 0.5).rounded(.up)) + 1
        let layers = try XCTUnwrap(GlyphRenderer.layers(for: laidOut, padding: padding))
        XCTAssertEqual([bitmap.x, bitmap.y, bitmap.width, bitmap.height], [layers.x, layers.y, layers.text.width, layers.text.height])
        let fillEdge = EdgePixels(width: bitmap.width, height: bitmap.height) { layers.text[$0, $1] >= 128 }
        let outerEdge = EdgePixels(width: bitmap.width, height: bitmap.height) { bitmap.alpha(x: $0, y: $1) >= 128 }
        XCTAssertGreaterThan(fillEdge.points.count, 100)
        return (
            fillEdge.points.map { outerEdge.distance(fromX: $0.x, y: $0.y) },
            outerEdge.points.map { fillEdge.distance(fromX: $0.x, y: $0.y) }
        )
    }

    /// Every pixel of the outline's outer edge lies 6 ± 0.5 px (centre to centre: 5 or 6) from
    /// the fill's edge, for a radius of 6 px: a square structuring element would put the diagonal
    /// corners 8.5 px away, a stroke of the contours would miss where strokes cross. From the fill's
    /// side the same holds except in concave corners (the crotch of "x"), where the dilated edge is
    /// radius / sin(half the corner's angle) away by geometry (measured: 196 of 228 fill-edge pixels
    /// of a 96 px bold "x" within 1 px of the nearest, the rest in its four crotches).
    func testOutlineIsEvenAroundBoldGlyphs() throws {
        let radius = 6.0
        for text in ["x", "O"] {
            let (fromFill, fromOutline) = try distances(text, radius: radius)
            let low = try XCTUnwrap(fromOutline.min())
            let high = try XCTUnwrap(fromOutline.max())
            XCTAssertLessThanOrEqual(high - low, 1, "\(text): outline edge \(low)...\(high) px from the fill")
            XCTAssertGreaterThanOrEqual(low, radius - 1, text)
            XCTAssertLessThanOrEqual(high, radius + 1, text)
            let nearest = try XCTUnwrap(fromFill.min())
            XCTAssertGreaterThanOrEqual(nearest, radius - 1, "\(text): the outline is never thinner")
            let even = fromFill.filter { $0 <= nearest + 1 }.count
            XCTAssertGreaterThanOrEqual(Double(even), 0.8 * Double(fromFill.count), "\(text): fill edge \(even) of \(fromFill.count) even")
        }
        // "O" has no concave corners: even from every fill-edge pixel too.
        let (fromFill, _) = try distances("O", radius: radius)
        XCTAssertLessThanOrEqual(try XCTUnwrap(fromFill.max()) - XCTUnwrap(fromFill.min()), 1)
    }

    /// Where the fill coverage is full, the caption is exactly the fill colour: no outline shows
    /// through where contours overlap (bold "x", 永 in Noto Sans CJK).
    func testNoOutlineSpecksInsideTheFill() throws {
        let fill = RGBAColor(red: 255, green: 220, blue: 40)
        for (text, language) in [("x", "en"), ("永", "ja"), ("永", "zh")] {
            let laidOut = try RasterTestSupport.layout(text, size: 96, language: language)
            if language != "en" {
                XCTAssertTrue(laidOut.lines[0].fonts.contains { $0.hasPrefix("Noto Sans CJK") }, "\(laidOut.lines[0].fonts)")
            }
            let radius = 5.0
            let bitmap = try XCTUnwrap(
                Rasterizer.render(laidOut, style: RasterStyle(fill: fill, outline: .black, outlineRadius: radius)))
            let layers = try XCTUnwrap(
                GlyphRenderer.layers(for: laidOut, padding: Int((radius + 0.5).rounded(.up)) + 1))
            var solid = 0
            var specks = 0
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width where layers.text[x, y] == 255 {
                    solid += 1
                    let i = (y * bitmap.width + x) * 4
                    if Array(bitmap.pixels[i..<i + 4]) != [fill.red, fill.green, fill.blue, 255] { specks += 1 }
                }
            }
            XCTAssertGreaterThan(solid, 1000, text)
            XCTAssertEqual(specks, 0, "\(text) (\(language)): pixels inside the fill showing the outline")
        }
    }
}
