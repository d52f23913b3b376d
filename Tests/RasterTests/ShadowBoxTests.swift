import Imaging
import Layout
import TestSupport
import XCTest

@testable import Raster

/// Optional drop shadow and background box under the outlined text.
final class ShadowBoxTests: XCTestCase {
    private let red = RGBAColor(red: 255, green: 0, blue: 0)
    private let plain = RasterStyle(fill: .white, outline: .black, outlineRadius: 0)

    /// Premultiplied RGBA at frame pixel (`x`, `y`), transparent outside the bitmap.
    private func pixel(_ bitmap: CaptionBitmap, _ x: Int, _ y: Int) -> [UInt8] {
        let bx = x - bitmap.x
        let by = y - bitmap.y
        guard bx >= 0, by >= 0, bx < bitmap.width, by < bitmap.height else { return [0, 0, 0, 0] }
        let i = (by * bitmap.width + bx) * 4
        return Array(bitmap.pixels[i..<i + 4])
    }

    func testSharpShadowIsTheTextMovedByTheOffset() throws {
        let laidOut = try RasterTestSupport.layout("Il", size: 64)
        let without = try XCTUnwrap(Rasterizer.render(laidOut, style: plain))
        var style = plain
        style.shadows = [RasterStyle.Shadow(color: red, offsetX: 20, offsetY: 9.6, blur: 0)]
        let with = try XCTUnwrap(Rasterizer.render(laidOut, style: style))
        // The bitmap grows right and down by the offset (10 px rounded up from 9.6).
        XCTAssertEqual([with.x, with.y, with.width, with.height], [without.x, without.y, without.width + 20, without.height + 10])
        var shadowed = 0
        for y in without.y..<without.y + without.height {
            for x in without.x..<without.x + without.width where pixel(without, x, y)[3] == 255 {
                let target = pixel(with, x + 20, y + 10)
                if pixel(without, x + 20, y + 10)[3] == 0 {
                    XCTAssertEqual(target, [255, 0, 0, 255], "shadow at \(x + 20),\(y + 10)")
                    shadowed += 1
                }
            }
        }
        XCTAssertGreaterThan(shadowed, 500)
        // The text stays on top, unchanged where it is opaque.
        for y in without.y..<without.y + without.height {
            for x in without.x..<without.x + without.width where pixel(without, x, y)[3] == 255 {
                XCTAssertEqual(pixel(with, x, y), pixel(without, x, y))
            }
        }
    }

    /// Stacked shadows: each is drawn, the first lowest; the bitmap holds them all.
    func testStackedShadowsAreDrawnInOrderUnderTheText() throws {
        let laidOut = try RasterTestSupport.layout("Il", size: 64)
        let without = try XCTUnwrap(Rasterizer.render(laidOut, style: plain))
        let blue = RGBAColor(red: 0, green: 0, blue: 255)
        var style = plain
        style.shadows = [
            RasterStyle.Shadow(color: red, offsetX: 24, offsetY: 0, blur: 0), RasterStyle.Shadow(color: blue, offsetX: 12, offsetY: 0, blur: 0),
        ]
        let with = try XCTUnwrap(Rasterizer.render(laidOut, style: style))
        XCTAssertEqual([with.x, with.width], [without.x, without.width + 24], "the bitmap reaches the farther shadow")
        var (reds, blues) = (0, 0)
        for y in without.y..<without.y + without.height {
            for x in without.x..<without.x + without.width where pixel(without, x, y)[3] == 255 {
                // At x + 24, outside the text, the red shadow of (x, y) lies; where the text also
                // reaches x + 12, the blue one lies over it.
                guard pixel(without, x + 24, y)[3] == 0 else { continue }
                let target = pixel(with, x + 24, y)
                if pixel(without, x + 12, y)[3] == 255 {
                    XCTAssertEqual(target, [0, 0, 255, 255], "blue over red at \(x + 24),\(y)")
                    blues += 1
                } else if pixel(without, x + 12, y)[3] == 0 {
                    XCTAssertEqual(target, [255, 0, 0, 255], "red alone at \(x + 24),\(y)")
                    reds += 1
                }
            }
        }
        XCTAssertGreaterThan(reds, 200)
        XCTAssertGreaterThan(blues, 50, "the second shadow is drawn over the first")
        for y in without.y..<without.y + without.height {
            for x in without.x..<without.x + without.width where pixel(without, x, y)[3] == 255 {
                XCTAssertEqual(pixel(with, x, y), pixel(without, x, y), "the text stays on top")
            }
        }
    }

    func testBlurredShadowSpreadsAndKeepsItsWeight() throws {
        let laidOut = try RasterTestSupport.layout("I", size: 64)
        var sharp = plain
        sharp.shadows = [RasterStyle.Shadow(color: red, offsetX: 30, offsetY: 0, blur: 0)]
        var soft = plain
        soft.shadows = [RasterStyle.Shadow(color: red, offsetX: 30, offsetY: 0, blur: 8)]
        XCTAssertEqual(RasterStyle.Shadow(color: red, offsetX: 0, offsetY: 0, blur: 8).blurRadii, [3, 3, 4], "sigma 4: boxes 7, 7, 9")
        let a = try XCTUnwrap(Rasterizer.render(laidOut, style: sharp))
        let b = try XCTUnwrap(Rasterizer.render(laidOut, style: soft))
        // Right of the text only the shadow is drawn; sum its alpha and count partial pixels.
        func shadow(_ bitmap: CaptionBitmap) -> (sum: Int, partial: Int, right: Int) {
            let textRight = Int(laidOut.frame.maxX.rounded(.up)) + 2
            var sum = 0
            var partial = 0
            var right = Int.min
            for y in bitmap.y..<bitmap.y + bitmap.height {
                for x in max(textRight, bitmap.x)..<bitmap.x + bitmap.width {
                    let p = pixel(bitmap, x, y)
                    XCTAssertEqual(p[1], 0)
                    XCTAssertEqual(p[0], p[3], "red, premultiplied")
                    sum += Int(p[3])
                    if p[3] > 0 && p[3] < 255 { partial += 1 }
                    if p[3] > 0 { right = max(right, x) }
                }
            }
            return (sum, partial, right)
        }
        let (sharpSum, sharpPartial, sharpRight) = shadow(a)
        let (softSum, softPartial, softRight) = shadow(b)
        XCTAssertGreaterThan(sharpSum, 255 * 300)
        XCTAssertEqual(Double(softSum), Double(sharpSum), accuracy: Double(sharpSum) * 0.02, "a blur moves alpha, it keeps it")
        XCTAssertGreaterThan(softPartial, sharpPartial + 300)
        // Reach 3 + 3 + 4 = 10 px; the faintest tail rounds to 0.
        XCTAssertTrue((5...10).contains(softRight - sharpRight), "spread \(softRight - sharpRight) px to the right")
        XCTAssertEqual(b.x + b.width, a.x + a.width + 10, "the bitmap grows by the reach")
    }

    /// Each pass of the blur is the mean of the 2r+1 values around each pixel (zero outside),
    /// rounded to nearest: checked against that definition on random masks and radii.
    func testBoxBlurIsTheRoundedMeanOfEachWindow() {
        var generator = SeededGenerator(seed: 36_37)
        for round in 0..<24 {
            var mask = CoverageMask(width: Int.random(in: 1...40, using: &generator), height: Int.random(in: 1...40, using: &generator))
            for i in mask.values.indices where Bool.random(using: &generator) { mask.values[i] = UInt8.random(in: 0...255, using: &generator) }
            let radii = (0..<Int.random(in: 1...3, using: &generator)).map { _ in round % 6 == 5 ? 130 : Int.random(in: 1...60, using: &generator) }
            var expected = mask
            for radius in radii {
                for vertical in [false, true] {
                    let before = expected
                    for y in 0..<mask.height {
                        for x in 0..<mask.width {
                            var sum = 0
                            for d in -radius...radius {
                                let (sx, sy) = vertical ? (x, y + d) : (x + d, y)
                                if sx >= 0, sx < mask.width, sy >= 0, sy < mask.height { sum += Int(before[sx, sy]) }
                            }
                            let width = 2 * radius + 1
                            expected[x, y] = UInt8((sum + width / 2) / width)
                        }
                    }
                }
            }
            XCTAssertEqual(BoxBlur.blur(mask, radii: radii), expected, "\(mask.width)x\(mask.height), radii \(radii)")
        }
    }

    func testBoxIsARoundedRectangleAroundTheBlock() throws {
        let laidOut = try RasterTestSupport.layout("Box me", size: 48)
        let blue = RGBAColor(red: 0, green: 0, blue: 255, alpha: 128)
        var style = RasterStyle(fill: .white, outline: .black, outlineRadius: 2)
        style.box = RasterStyle.Box(color: blue, padding: 12, cornerRadius: 10)
        style.shadows = [RasterStyle.Shadow(color: red, offsetX: 2, offsetY: 2, blur: 0)]
        let bitmap = try XCTUnwrap(Rasterizer.render(laidOut, style: style))
        let frame = laidOut.frame
        let left = Int((frame.x - 12).rounded(.down))
        let top = Int((frame.y - 12).rounded(.down))
        let right = Int((frame.maxX + 12).rounded(.up))
        let bottom = Int((frame.maxY + 12).rounded(.up))
        XCTAssertEqual([bitmap.x, bitmap.y, bitmap.x + bitmap.width, bitmap.y + bitmap.height], [left, top, right, bottom])
        let premultipliedBlue: [UInt8] = [0, 0, 128, 128]
        // Inside the padding, away from the corners and the text: the box colour.
        XCTAssertEqual(pixel(bitmap, left + 5, Int(frame.midY)), premultipliedBlue)
        XCTAssertEqual(pixel(bitmap, Int(frame.midX), top + 3), premultipliedBlue)
        XCTAssertEqual(pixel(bitmap, Int(frame.midX), bottom - 3), premultipliedBlue)
        // The rounded corner leaves the very corner empty and is anti-aliased along the arc.
        XCTAssertEqual(pixel(bitmap, left, top), [0, 0, 0, 0])
        XCTAssertEqual(pixel(bitmap, right - 1, bottom - 1), [0, 0, 0, 0])
        XCTAssertEqual(pixel(bitmap, left + 10, top + 10), premultipliedBlue, "the arc's centre")
        let arc = (0..<10).map { pixel(bitmap, left + $0, top + $0)[3] }
        XCTAssertTrue(arc.contains { $0 > 0 && $0 < 128 }, "\(arc)")
        // Box under shadow under outline under fill: opaque text is still white, shadow red over blue.
        let opaqueWhite = stride(from: 0, to: bitmap.pixels.count, by: 4).filter {
            bitmap.pixels[$0] == 255 && bitmap.pixels[$0 + 2] == 255 && bitmap.pixels[$0 + 3] == 255
        }
        XCTAssertGreaterThan(opaqueWhite.count, 500)
        XCTAssertTrue(stride(from: 0, to: bitmap.pixels.count, by: 4).contains { bitmap.pixels[$0 ..< $0 + 4].elementsEqual([255, 0, 0, 255]) })
    }

    func testNoShadowOrBoxGivesTheSameBitmapAsBefore() throws {
        let laidOut = try RasterTestSupport.layout("Same 🎉 x", size: 48)
        let before = try Rasterizer.render(laidOut, style: RasterStyle(fill: .white, outline: .black, outlineRadius: 3))
        let explicit = try Rasterizer.render(
            laidOut, style: RasterStyle(fill: .white, outline: .black, outlineRadius: 3, shadow: nil, box: nil))
        XCTAssertEqual(before, explicit)
        // A transparent box and a transparent shadow only grow the canvas around the same pixels.
        let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
        let grown = try XCTUnwrap(
            Rasterizer.render(
                laidOut,
                style: RasterStyle(
                    fill: .white, outline: .black, outlineRadius: 3,
                    shadow: RasterStyle.Shadow(color: clear, offsetX: 4, offsetY: 4, blur: 3),
                    box: RasterStyle.Box(color: clear, padding: 20, cornerRadius: 5))))
        let plain = try XCTUnwrap(before)
        for y in 0..<plain.height {
            for x in 0..<plain.width {
                let i = (y * plain.width + x) * 4
                XCTAssertEqual(pixel(grown, plain.x + x, plain.y + y), Array(plain.pixels[i..<i + 4]))
            }
        }
    }

    func testSameCaptionWithEmojiShadowAndBoxGivesSameBytes() throws {
        let style = RasterStyle(
            fill: .white, outline: .black, outlineRadius: 3.5,
            shadow: RasterStyle.Shadow(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 160), offsetX: 3, offsetY: 4, blur: 6),
            box: RasterStyle.Box(color: RGBAColor(red: 20, green: 20, blue: 20, alpha: 140), padding: 10, cornerRadius: 8))
        let first = try Rasterizer.render(RasterTestSupport.layout("Party 🎉 time 永", size: 40, anchorX: 320.3), style: style)
        let second = try Rasterizer.render(RasterTestSupport.layout("Party 🎉 time 永", size: 40, anchorX: 320.3), style: style)
        XCTAssertNotNil(first)
        XCTAssertEqual(first, second)
    }
}
