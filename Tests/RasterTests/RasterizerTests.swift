import Captions
import Foundation
import Imaging
import Layout
import TestSupport
import XCTest

@testable import Raster

final class RasterizerTests: XCTestCase {
    static let fontsConf = Repository.fontsConf

    func testDilationIsARoundDiscWithAnAntialiasedEdge() {
        var mask = CoverageMask(width: 21, height: 21)
        mask[10, 10] = 255
        let out = Dilation.dilate(mask, radius: 4)
        XCTAssertEqual(out[10, 10], 255)
        XCTAssertEqual(out[13, 10], 255, "distance 3: inside")
        XCTAssertEqual(out[14, 10], 128, "distance 4: the edge passes through the pixel centre")
        XCTAssertEqual(out[14, 14], 0, "distance 5.66: the corner of a square stays empty")
        XCTAssertGreaterThan(out[12, 13], 0, "distance 3.6: inside")
        XCTAssertEqual(out[15, 10], 0, "distance 5: outside")
        // The edge ramps: distance sqrt(17) = 4.12 lies on the ramp.
        XCTAssertGreaterThan(out[14, 11], 0)
        XCTAssertLessThan(out[14, 11], 255)
    }

    func testDilationSkipsNothingInsideSolidShapes() {
        var mask = CoverageMask(width: 30, height: 30)
        for y in 10..<20 { for x in 10..<20 { mask[x, y] = 255 } }
        let out = Dilation.dilate(mask, radius: 3)
        XCTAssertEqual(out[15, 15], 255)
        XCTAssertEqual(out[15, 8], 255, "2 px above the top edge")
        XCTAssertEqual(out[15, 7], 128, "3 px above: on the edge")
        XCTAssertEqual(out[15, 6], 0, "4 px above the top edge")
    }

    func testColoursParseFromHex() {
        XCTAssertEqual(RGBAColor(hex: "#FF8000"), RGBAColor(red: 255, green: 128, blue: 0, alpha: 255))
        XCTAssertEqual(RGBAColor(hex: "00000080"), RGBAColor(red: 0, green: 0, blue: 0, alpha: 128))
        XCTAssertNil(RGBAColor(hex: "#12345"))
    }

    /// `text` laid out in bold Noto Sans at `size` pixels, centred in a 640x360 frame.
    private func layout(_ text: String, size: Double, anchorX: Double = 320, anchorY: Double = 180) throws
        -> LaidOutCaption
    {
        let style = TextStyle(
            family: "Noto Sans", weight: 700, size: size, minimumSize: size / 2,
            safeArea: Rect(x: 0, y: 0, width: 640, height: 360), anchorX: anchorX, anchorY: anchorY)
        return try LayoutEngine(fontsConf: Self.fontsConf, phrases: try Repository.phrases()).layout(Caption(text: text, start: 0, end: 1), style: style)
    }

    func testCaptionHasWhiteFillOverBlackOutlineAtItsLayoutPlace() throws {
        let laidOut = try layout("Hello", size: 48)
        let paint = RasterStyle(fill: .white, outline: .black, outlineRadius: 4)
        let bitmap = try XCTUnwrap(Rasterizer.render(laidOut, style: paint))

        // The bitmap covers the text block plus the outline.
        XCTAssertLessThanOrEqual(Double(bitmap.x), laidOut.frame.x)
        XCTAssertGreaterThanOrEqual(Double(bitmap.x + bitmap.width), laidOut.frame.maxX - 1)
        var white = 0
        var black = 0
        var partial = 0
        for i in stride(from: 0, to: bitmap.pixels.count, by: 4) {
            let (r, g, b, a) = (bitmap.pixels[i], bitmap.pixels[i + 1], bitmap.pixels[i + 2], bitmap.pixels[i + 3])
            XCTAssertTrue(r <= a && g <= a && b <= a, "premultiplied")
            if a == 255 && r == 255 { white += 1 } else if a == 255 && r == 0 { black += 1 } else if a > 0 { partial += 1 }
        }
        XCTAssertGreaterThan(white, 500)
        XCTAssertGreaterThan(black, 500)
        XCTAssertGreaterThan(partial, 100, "anti-aliased edges")
        // The outline surrounds the fill: the border row of the bitmap is empty.
        XCTAssertTrue((0..<bitmap.width).allSatisfy { bitmap.alpha(x: $0, y: 0) == 0 })
    }

    func testRadiusZeroDrawsNoOutline() throws {
        let laidOut = try layout("Edges", size: 40)
        let bitmap = try XCTUnwrap(
            Rasterizer.render(laidOut, style: RasterStyle(fill: .white, outline: .black, outlineRadius: 0)))
        // Premultiplied white: every channel equals alpha, also on the anti-aliased edges.
        var edges = 0
        for i in stride(from: 0, to: bitmap.pixels.count, by: 4) {
            XCTAssertEqual(bitmap.pixels[i], bitmap.pixels[i + 3])
            if bitmap.pixels[i + 3] > 0 && bitmap.pixels[i + 3] < 255 { edges += 1 }
        }
        XCTAssertGreaterThan(edges, 50)
    }

    func testSameCaptionGivesSamePixels() throws {
        let paint = RasterStyle(fill: .white, outline: .black, outlineRadius: 3.5)
        let first = try Rasterizer.render(try layout("Same $20, 5%", size: 40, anchorX: 320.3, anchorY: 180.7), style: paint)
        let second = try Rasterizer.render(try layout("Same $20, 5%", size: 40, anchorX: 320.3, anchorY: 180.7), style: paint)
        XCTAssertEqual(first, second)
    }
}

/// Rasterizing takes its faces from a cache keyed by file and size: one cache used for two
/// sizes in turn draws what a fresh cache draws for each.
final class SizedFaceRasterTests: XCTestCase {
    func testTwoSizesInterleavedDrawAsEachAlone() throws {
        let large = try RasterTestSupport.layout("Sizes 🎉 apart 字", size: 48)
        let small = try RasterTestSupport.layout("Sizes 🎉 apart 字", size: 20)
        let paint = RasterStyle(fill: .white, outline: .black, outlineRadius: 2)
        let alone = (try Rasterizer.render(large, style: paint), try Rasterizer.render(small, style: paint))
        let shared = try FaceCache()
        for _ in 0..<2 {
            XCTAssertEqual(try Rasterizer.render(small, style: paint, faces: shared), alone.1)
            XCTAssertEqual(try Rasterizer.render(large, style: paint, faces: shared), alone.0)
        }
    }
}
