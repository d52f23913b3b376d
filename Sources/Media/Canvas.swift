import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Imaging

/// An 8-bit 4:2:0 picture owned by the caller, for stills and contact sheets: captions are
/// blended into it, other pictures scaled into it, and it is written out as PNG.
public final class Canvas {
    let frame: Frame
    public let width: Int  // pixels
    public let height: Int  // pixels
    let matrix: ColorMatrix
    let fullRange: Bool

    /// A BT.709 limited-range canvas filled with grey `luma` (16...235).
    public convenience init(width: Int, height: Int, luma: UInt8 = 16) throws {
        try self.init(width: width, height: height, matrix: .bt709, fullRange: false)
        fill(luma: luma)
    }

    init(width: Int, height: Int, matrix: ColorMatrix, fullRange: Bool) throws {
        frame = try Frame.picture(width: width, height: height, format: AV_PIX_FMT_YUV420P, file: nil)
        self.width = width
        self.height = height
        self.matrix = matrix
        self.fullRange = fullRange
    }

    /// A copy of a decoded frame (10-bit frames brought to 8 bits).
    convenience init(copying source: Frame, matrix: ColorMatrix, fullRange: Bool) throws {
        try self.init(width: source.width, height: source.height, matrix: matrix, fullRange: fullRange)
        try copy(source)
    }

    /// A canvas of its own with the same picture.
    public func copy() throws -> Canvas {
        let twin = try Canvas(width: width, height: height, matrix: matrix, fullRange: fullRange)
        try MediaError.check(av_frame_copy(twin.frame.pointer, frame.pointer), "av_frame_copy", file: nil)
        return twin
    }

    /// Replaces the picture with `source` of the same size.
    func copy(_ source: Frame) throws {
        if source.format == AV_PIX_FMT_YUV420P {
            try MediaError.check(av_frame_copy(frame.pointer, source.pointer), "av_frame_copy", file: nil)
            return
        }
        let scaler = try Scaler(
            from: (Int32(width), Int32(height), source.format), to: (Int32(width), Int32(height), AV_PIX_FMT_YUV420P),
            matrix: matrix, fullRange: fullRange, path: nil)
        try scaler.scale(source.pointer, into: frame.pointer)
    }

    /// Paints every pixel grey.
    public func fill(luma: UInt8) {
        let f = frame.pointer.pointee
        for (plane, value, rows) in [
            (f.data.0!, luma, height), (f.data.1!, UInt8(128), (height + 1) / 2), (f.data.2!, UInt8(128), (height + 1) / 2),
        ] {
            let stride = plane == f.data.0! ? Int(f.linesize.0) : Int(f.linesize.1)
            for row in 0..<rows { (plane + row * stride).update(repeating: value, count: stride) }
        }
    }

    /// Blends a caption (or any RGBA) bitmap over the picture, in the picture's colours.
    public func blend(_ bitmap: CaptionBitmap) {
        Compositor.blend(YUVOverlay(bitmap, matrix: matrix, fullRange: fullRange), into: frame.pointer)
    }

    /// Scales `other` into the rectangle at (`x`, `y`) of `width` x `height` pixels (all even).
    public func place(_ other: Canvas, x: Int, y: Int, width: Int, height: Int) throws {
        let scaler = try Scaler(
            from: (Int32(other.width), Int32(other.height), AV_PIX_FMT_YUV420P),
            to: (Int32(width), Int32(height), AV_PIX_FMT_YUV420P), matrix: other.matrix, fullRange: other.fullRange,
            path: nil)
        try scaler.scale(other.frame.pointer, into: frame.pointer, x: x & ~1, y: y & ~1)
    }

    /// A canvas of its own holding the `width` x `height` rectangle at (`x`, `y`) of this one
    /// (all even, inside the picture), cut out by FFmpeg's frame cropping.
    public func cropped(x: Int, y: Int, width: Int, height: Int) throws -> Canvas {
        let (x, y) = (x & ~1, y & ~1)
        let (width, height) = (min(width & ~1, self.width - x), min(height & ~1, self.height - y))
        guard x >= 0, y >= 0, width > 0, height > 0 else { throw MediaError.unsupported(file: nil, message: "crop \(width)x\(height) at \(x),\(y) of a \(self.width)x\(self.height) picture") }
        let view = try Frame()
        try MediaError.check(av_frame_ref(view.pointer, frame.pointer), "av_frame_ref", file: nil)
        view.pointer.pointee.crop_left = x
        view.pointer.pointee.crop_top = y
        view.pointer.pointee.crop_right = self.width - x - width
        view.pointer.pointee.crop_bottom = self.height - y - height
        try MediaError.check(av_frame_apply_cropping(view.pointer, Int32(AV_FRAME_CROP_UNALIGNED)), "av_frame_apply_cropping", file: nil)
        let piece = try Canvas(width: width, height: height, matrix: matrix, fullRange: fullRange)
        try MediaError.check(av_frame_copy(piece.frame.pointer, view.pointer), "av_frame_copy", file: nil)
        return piece
    }

    /// The picture as a PNG file's bytes (RGB, converted with the picture's matrix and range);
    /// errors name `file`, the PNG being made, when given.
    public func png(file: String? = nil) throws -> [UInt8] {
        let rgb = try Frame.picture(width: width, height: height, format: AV_PIX_FMT_RGB24, file: file)
        let scaler = try Scaler(
            from: (Int32(width), Int32(height), AV_PIX_FMT_YUV420P), to: (Int32(width), Int32(height), AV_PIX_FMT_RGB24),
            matrix: matrix, fullRange: fullRange, path: file)
        try scaler.scale(frame.pointer, into: rgb.pointer)
        return try PNGEncoder.encode(rgb, file: file)
    }
}
