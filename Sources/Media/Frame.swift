import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// An owned AVFrame, reused across decode calls.
final class Frame {
    let pointer: UnsafeMutablePointer<AVFrame>

    init() throws {
        guard let frame = av_frame_alloc() else { throw MediaError.outOfMemory("av_frame_alloc", file: nil) }
        pointer = frame
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }

    func unref() { av_frame_unref(pointer) }

    /// True when nothing else (a decoder's reference list) shares the pixels, so they may be drawn on.
    var isWritable: Bool { av_frame_is_writable(pointer) != 0 }

    /// A frame with buffers of its own for a `width` x `height` picture in `format`; errors name `file`, if any.
    static func picture(width: Int, height: Int, format: AVPixelFormat, file: String?) throws -> Frame {
        let frame = try Frame()
        frame.pointer.pointee.width = Int32(width)
        frame.pointer.pointee.height = Int32(height)
        frame.pointer.pointee.format = format.rawValue
        try MediaError.check(av_frame_get_buffer(frame.pointer, 0), "av_frame_get_buffer", file: file)
        return frame
    }

    var width: Int { Int(pointer.pointee.width) }
    var height: Int { Int(pointer.pointee.height) }
    var format: AVPixelFormat { AVPixelFormat(rawValue: pointer.pointee.format) }

    /// What an encoder reads besides the pixels: timestamp, pixel shape and colour description.
    static func copyProperties(from source: UnsafeMutablePointer<AVFrame>, to target: UnsafeMutablePointer<AVFrame>) {
        target.pointee.pts = source.pointee.pts
        target.pointee.sample_aspect_ratio = source.pointee.sample_aspect_ratio
        target.pointee.color_range = source.pointee.color_range
        target.pointee.colorspace = source.pointee.colorspace
        target.pointee.color_primaries = source.pointee.color_primaries
        target.pointee.color_trc = source.pointee.color_trc
    }
}
