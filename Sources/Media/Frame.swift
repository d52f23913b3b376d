import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// An owned AVFrame, reused across decode calls.
final class Frame {
    let pointer: UnsafeMutablePointer<AVFrame>

    init() throws {
        guard let frame = av_frame_alloc() else { throw MediaError.outOfMemory("av_frame_alloc", file: "frame") }
        pointer = frame
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }

    func unref() { av_frame_unref(pointer) }

    var width: Int { Int(pointer.pointee.width) }
    var height: Int { Int(pointer.pointee.height) }
    var format: AVPixelFormat { AVPixelFormat(rawValue: pointer.pointee.format) }
}
