import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Imaging

/// One picture of an overlay-only track, kept for reuse: the caption alone with straight
/// alpha, transparent elsewhere, in the format its encoder takes (RGBA for PNG, 10-bit
/// YUVA 4:4:4 for ProRes 4444, YUVA 4:2:0 for VP9). Colours are converted exactly as a burn
/// converts them (`YUVConversion`), so an editor that lays the track over the input gets the
/// burned picture: straight Y times alpha is the burn's premultiplied Y.
final class OverlayPicture {
    let frame: Frame
    private let format: OverlayFormat
    private let conversion: YUVConversion
    private let black: Int  // the luma of "nothing" at 8-bit levels (transparent pixels)
    /// The area drawn last, cleared before the next caption. // pixels
    private var drawn: (x: Int, y: Int, width: Int, height: Int)?

    /// A transparent `width` x `height` picture; `matrix`, `fullRange` and `range` as the
    /// input's, so that the colours match its burn. Errors name `file`.
    init(
        width: Int, height: Int, format: OverlayFormat, matrix: ColorMatrix, fullRange: Bool, range: DynamicRange,
        file: String?
    ) throws {
        frame = try Frame.picture(width: width, height: height, format: format.pixelFormat, file: file)
        self.format = format
        conversion = YUVConversion(matrix, fullRange: fullRange, bitDepth: format == .proRes4444 ? 10 : 8, range: range)
        black = fullRange ? 0 : 16
        clear(x: 0, y: 0, width: width, height: height)
    }

    /// Draws `bitmap` (nil: nothing) in place of what was drawn before. Errors name `file`.
    func draw(_ bitmap: CaptionBitmap?, file: String?) throws {
        try MediaError.check(av_frame_make_writable(frame.pointer), "av_frame_make_writable", file: file)
        if let drawn { clear(x: drawn.x, y: drawn.y, width: drawn.width, height: drawn.height) }
        drawn = nil
        guard let bitmap else { return }
        // The bitmap inside the frame, widened to whole 2x2 blocks for 4:2:0 chroma.
        let x0 = max(0, bitmap.x) & ~1
        let y0 = max(0, bitmap.y) & ~1
        let x1 = min(frame.width, (bitmap.x + bitmap.width + 1) & ~1)
        let y1 = min(frame.height, (bitmap.y + bitmap.height + 1) & ~1)
        guard x1 > x0, y1 > y0 else { return }
        drawn = (x0, y0, x1 - x0, y1 - y0)
        let area = Area(columns: x0..<x1, rows: y0..<y1)
        bitmap.pixels.withUnsafeBytes { pixels in
            var samples = BitmapSamples(pixels: pixels, bitmap: bitmap, conversion: conversion)
            switch format {
            case .pngSequence: drawRGBA(&samples, area)
            case .proRes4444: drawProRes(&samples, area)
            case .vp9Alpha: drawVP9(&samples, area)
            }
        }
    }

    /// The frame pixels a caption covers. // pixels
    private struct Area {
        let columns: Range<Int>
        let rows: Range<Int>
    }

    /// Straight-alpha RGBA, one pixel in four bytes.
    private func drawRGBA(_ samples: inout BitmapSamples, _ area: Area) {
        let f = frame.pointer.pointee
        for y in area.rows {
            let line = f.data.0! + y * Int(f.linesize.0)
            for x in area.columns {
                let p = samples.rgba(x, y)
                guard p.a > 0 else { continue }
                let scale = 255 / Double(p.a)
                let o = x * 4
                line[o] = UInt8(min(255, (Double(p.r) * scale).rounded()))
                line[o + 1] = UInt8(min(255, (Double(p.g) * scale).rounded()))
                line[o + 2] = UInt8(min(255, (Double(p.b) * scale).rounded()))
                line[o + 3] = p.a
            }
        }
    }

    /// 10-bit samples in 16-bit words, every plane at full resolution.
    private func drawProRes(_ samples: inout BitmapSamples, _ area: Area) {
        let f = frame.pointer.pointee
        func plane(_ index: Int, _ y: Int) -> UnsafeMutablePointer<UInt16> {
            let data = [f.data.0, f.data.1, f.data.2, f.data.3][index]!
            let stride = [f.linesize.0, f.linesize.1, f.linesize.2, f.linesize.3][index]
            return UnsafeMutableRawPointer(data + y * Int(stride)).assumingMemoryBound(to: UInt16.self)
        }
        for y in area.rows {
            let (luma, cb, cr, alpha) = (plane(0, y), plane(1, y), plane(2, y), plane(3, y))
            for x in area.columns {
                let p = samples.rgba(x, y)
                guard p.a > 0 else { continue }
                let s = samples.straight(p)
                luma[x] = conversion.sample(s.y)
                cb[x] = conversion.sample(s.cb)
                cr[x] = conversion.sample(s.cr)
                alpha[x] = UInt16((Double(p.a) * 1023 / 255).rounded())
            }
        }
    }

    /// Luma and alpha per pixel; chroma per 2x2 block, the block's premultiplied mean over its
    /// mean alpha (what a 4:2:0 overlay blends with).
    private func drawVP9(_ samples: inout BitmapSamples, _ area: Area) {
        let f = frame.pointer.pointee
        for y in stride(from: area.rows.lowerBound, to: area.rows.upperBound, by: 2) {
            for x in stride(from: area.columns.lowerBound, to: area.columns.upperBound, by: 2) {
                var sum = (cb: 0.0, cr: 0.0, a: 0.0)
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let p = samples.rgba(x + dx, y + dy)
                    guard p.a > 0 else { continue }
                    let s = samples.straight(p)
                    let a = Double(p.a) / 255
                    f.data.0![(y + dy) * Int(f.linesize.0) + x + dx] = conversion.byte(s.y)
                    f.data.3![(y + dy) * Int(f.linesize.3) + x + dx] = p.a
                    sum = (sum.cb + s.cb * a, sum.cr + s.cr * a, sum.a + a)
                }
                guard sum.a > 0 else { continue }
                f.data.1![(y / 2) * Int(f.linesize.1) + x / 2] = conversion.byte(sum.cb / sum.a)
                f.data.2![(y / 2) * Int(f.linesize.2) + x / 2] = conversion.byte(sum.cr / sum.a)
            }
        }
    }

    /// Makes an area transparent: alpha 0, black and neutral chroma underneath.
    private func clear(x: Int, y: Int, width: Int, height: Int) {
        let f = frame.pointer.pointee
        switch format {
        case .pngSequence:
            for row in y..<(y + height) { (f.data.0! + row * Int(f.linesize.0) + x * 4).update(repeating: 0, count: width * 4) }
        case .proRes4444:
            let values: [UInt16] = [UInt16(black * 4), 512, 512, 0]
            let planes = [(f.data.0, f.linesize.0), (f.data.1, f.linesize.1), (f.data.2, f.linesize.2), (f.data.3, f.linesize.3)]
            for (index, (data, stride)) in planes.enumerated() {
                for row in y..<(y + height) {
                    UnsafeMutableRawPointer(data! + row * Int(stride)).assumingMemoryBound(to: UInt16.self).advanced(by: x)
                        .update(repeating: values[index], count: width)
                }
            }
        case .vp9Alpha:
            for row in y..<(y + height) {
                (f.data.0! + row * Int(f.linesize.0) + x).update(repeating: UInt8(black), count: width)
                (f.data.3! + row * Int(f.linesize.3) + x).update(repeating: 0, count: width)
            }
            for row in (y / 2)..<((y + height + 1) / 2) {
                (f.data.1! + row * Int(f.linesize.1) + x / 2).update(repeating: 128, count: (width + 1) / 2)
                (f.data.2! + row * Int(f.linesize.2) + x / 2).update(repeating: 128, count: (width + 1) / 2)
            }
        }
    }
}

/// A caption bitmap's premultiplied pixels read at frame coordinates, with the straight-alpha
/// YUV of each colour computed once.
private struct BitmapSamples {
    let pixels: UnsafeRawBufferPointer
    let x: Int  // the bitmap's place in the frame // pixels
    let y: Int
    let width: Int
    let height: Int
    let conversion: YUVConversion
    private var memo: [UInt32: (y: Double, cb: Double, cr: Double)] = [:]

    init(pixels: UnsafeRawBufferPointer, bitmap: CaptionBitmap, conversion: YUVConversion) {
        self.pixels = pixels
        x = bitmap.x
        y = bitmap.y
        width = bitmap.width
        height = bitmap.height
        self.conversion = conversion
    }

    /// The premultiplied RGBA at frame pixel (x, y): zero outside the bitmap.
    func rgba(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let column = x - self.x
        let row = y - self.y
        guard column >= 0, column < width, row >= 0, row < height else { return (0, 0, 0, 0) }
        let i = (row * width + column) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// The straight-alpha Y, Cb and Cr of `p`.
    mutating func straight(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> (y: Double, cb: Double, cr: Double) {
        let key = UInt32(p.r) | UInt32(p.g) << 8 | UInt32(p.b) << 16 | UInt32(p.a) << 24
        if let known = memo[key] { return known }
        let value = conversion.straight(Double(p.r), Double(p.g), Double(p.b), Double(p.a))
        memo[key] = value
        return value
    }
}
