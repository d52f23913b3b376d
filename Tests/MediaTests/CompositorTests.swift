import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Imaging
import XCTest

@testable import Media

final class CompositorTests: XCTestCase {
    private func bitmap(_ color: RGBAColor, x: Int = 3, y: Int = 5, width: Int = 4, height: Int = 4) -> CaptionBitmap {
        let a = UInt32(color.alpha)
        let pixel = [color.red, color.green, color.blue].map { UInt8((UInt32($0) * a + 127) / 255) } + [color.alpha]
        return CaptionBitmap(
            x: x, y: y, width: width, height: height, pixels: Array([[UInt8]](repeating: pixel, count: width * height).joined()))
    }

    func testWhiteAndBlackInLimitedAndFullRange() {
        let white = YUVOverlay(bitmap(.white), matrix: .bt709, fullRange: false)
        XCTAssertEqual(white.pieces[0].luma.max(), 235)
        XCTAssertEqual(white.pieces[0].cb.max(), 128)
        let black = YUVOverlay(bitmap(.black), matrix: .bt709, fullRange: false)
        XCTAssertEqual(Set(zip(black.pieces[0].luma, black.pieces[0].lumaAlpha).filter { $0.1 == 255 }.map(\.0)), [16])
        let fullWhite = YUVOverlay(bitmap(.white), matrix: .bt601, fullRange: true)
        XCTAssertEqual(fullWhite.pieces[0].luma.max(), 255)
    }

    func testRedDependsOnTheMatrix() {
        let red = RGBAColor(red: 255, green: 0, blue: 0)
        let y709 = YUVOverlay(bitmap(red), matrix: .bt709, fullRange: false).pieces[0].luma.max()!
        let y601 = YUVOverlay(bitmap(red), matrix: .bt601, fullRange: false).pieces[0].luma.max()!
        XCTAssertEqual(y709, 63)  // 16 + 219 * 0.2126
        XCTAssertEqual(y601, 81)  // 16 + 219 * 0.299
    }

    func testOverlayAlignsToTheChromaGrid() {
        let overlay = YUVOverlay(bitmap(.white, x: 3, y: 5, width: 4, height: 4), matrix: .bt709, fullRange: false)
        XCTAssertEqual(overlay.x, 2)
        XCTAssertEqual(overlay.y, 4)
        XCTAssertEqual(overlay.width, 6)
        XCTAssertEqual(overlay.height, 6)
        // The first column and row are padding.
        XCTAssertEqual(overlay.pieces[0].lumaAlpha[0], 0)
        XCTAssertEqual(overlay.pieces[0].lumaAlpha[overlay.width + 1], 255)
    }

    /// A yuv420p frame of `size` x `size` pixels.
    private func frame(size: Int32) throws -> Frame {
        let frame = try Frame()
        frame.pointer.pointee.width = size
        frame.pointer.pointee.height = size
        frame.pointer.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        XCTAssertEqual(av_frame_get_buffer(frame.pointer, 0), 0)
        return frame
    }

    func testBlendTouchesOnlyTheBoxAndMixesByAlpha() throws {
        let frame = try frame(size: 16)
        let f = frame.pointer.pointee
        for plane in 0..<3 {
            let (data, stride, rows) =
                plane == 0 ? (f.data.0!, f.linesize.0, 16) : plane == 1 ? (f.data.1!, f.linesize.1, 8) : (f.data.2!, f.linesize.2, 8)
            for row in 0..<rows { (data + row * Int(stride)).update(repeating: 100, count: Int(stride)) }
        }
        let half = RGBAColor(red: 255, green: 255, blue: 255, alpha: 128)
        Compositor.blend(
            YUVOverlay(bitmap(half, x: 4, y: 4, width: 4, height: 4), matrix: .bt709, fullRange: false), into: frame.pointer)
        let luma = { (x: Int, y: Int) in f.data.0![y * Int(f.linesize.0) + x] }
        XCTAssertEqual(luma(3, 4), 100, "left of the box")
        XCTAssertEqual(luma(8, 4), 100, "right of the box")
        XCTAssertEqual(luma(4, 3), 100, "above the box")
        // 118 (premultiplied 235 at alpha 128) + 100 * 127 / 255 = 118 + 50.
        XCTAssertEqual(luma(5, 5), 168)
        XCTAssertEqual(f.data.1![2 * Int(f.linesize.1) + 2], 114, "chroma mixes towards 128")  // 64 + 50
    }

    func testTenBitFramesAreBlendedInTenBits() throws {
        let frame = try Frame()
        frame.pointer.pointee.width = 8
        frame.pointer.pointee.height = 8
        frame.pointer.pointee.format = AV_PIX_FMT_YUV420P10LE.rawValue
        XCTAssertEqual(av_frame_get_buffer(frame.pointer, 0), 0)
        let f = frame.pointer.pointee
        for (plane, stride) in [(f.data.0!, f.linesize.0), (f.data.1!, f.linesize.1), (f.data.2!, f.linesize.2)] {
            plane.withMemoryRebound(to: UInt16.self, capacity: 8 * Int(stride) / 2) { $0.update(repeating: 400, count: 8 * Int(stride) / 2) }
        }
        let half = RGBAColor(red: 255, green: 255, blue: 255, alpha: 128)
        let overlay = YUVOverlay(bitmap(half, x: 2, y: 2, width: 4, height: 4), matrix: .bt709, fullRange: false, bitDepth: 10)
        XCTAssertEqual(overlay.pieces[0].luma.max(), 472, "940 (10-bit white) at alpha 128")
        Compositor.blend(overlay, into: frame.pointer)
        let luma = { (x: Int, y: Int) in
            f.data.0!.withMemoryRebound(to: UInt16.self, capacity: 8 * Int(f.linesize.0) / 2) { $0[y * Int(f.linesize.0) / 2 + x] }
        }
        XCTAssertEqual(luma(1, 2), 400, "outside the box")
        XCTAssertEqual(luma(3, 3), 472 + 199, "472 + 400 * 127 / 255")
    }

    /// A 4x4 bitmap whose rows are red, blue, red, blue, blended into 8x8 frames of
    /// `format` filled with grey: the Cr sample under each pixel of the bitmap, by row.
    private func crRows(_ format: AVPixelFormat, chroma: ChromaLayout) throws -> [[UInt8]] {
        let frame = try Frame.picture(width: 8, height: 8, format: format, file: nil)
        let f = frame.pointer.pointee
        for (plane, stride) in [(f.data.0!, f.linesize.0), (f.data.1!, f.linesize.1), (f.data.2!, f.linesize.2)] {
            plane.update(repeating: 128, count: 8 * Int(stride))
        }
        let red: [UInt8] = [255, 0, 0, 255]
        let blue: [UInt8] = [0, 0, 255, 255]
        let row = { (color: [UInt8]) in [[UInt8]](repeating: color, count: 4) }
        let pixels = Array((row(red) + row(blue) + row(red) + row(blue)).joined())
        let overlay = YUVOverlay(
            CaptionBitmap(x: 2, y: 2, width: 4, height: 4, pixels: pixels), matrix: .bt709, fullRange: false, chroma: chroma)
        Compositor.blend(overlay, into: frame.pointer)
        return (2..<6).map { y in
            (2..<6).map { x in f.data.2![(y >> chroma.shiftY) * Int(f.linesize.2) + (x >> chroma.shiftX)] }
        }
    }

    func testFourTwoTwoAndFourFourFourKeepTheirChromaRows() throws {
        let red: UInt8 = 240  // BT.709 limited: Cr of pure red
        let blue = UInt8((128 + (0 - 0.0722) / 1.5748 * 224).rounded())  // Cr of pure blue: 118
        for (format, chroma) in [(AV_PIX_FMT_YUV422P, ChromaLayout.yuv422), (AV_PIX_FMT_YUV444P, .yuv444)] {
            let rows = try crRows(format, chroma: chroma)
            XCTAssertEqual(rows[0], [red, red, red, red], "\(format): a red row keeps red chroma")
            XCTAssertEqual(rows[1], [blue, blue, blue, blue], "\(format): a blue row keeps blue chroma")
            XCTAssertEqual(rows[2], rows[0], "\(format)")
        }
        // 4:2:0 mixes each pair of rows: one chroma row for both.
        let mixed = try crRows(AV_PIX_FMT_YUV420P, chroma: .yuv420)
        XCTAssertEqual(mixed[0], mixed[1])
        XCTAssertEqual(mixed[0][0], UInt8(((Double(red) + Double(blue)) / 2).rounded()), accuracy: 1)
    }

    func testOverlayPartlyOutsideTheFrameIsClipped() throws {
        let frame = try frame(size: 8)
        Compositor.blend(
            YUVOverlay(bitmap(.white, x: -4, y: 6, width: 8, height: 8), matrix: .bt709, fullRange: false),
            into: frame.pointer)
        XCTAssertEqual(frame.pointer.pointee.data.0![7 * Int(frame.pointer.pointee.linesize.0) + 2], 235)
    }
}
