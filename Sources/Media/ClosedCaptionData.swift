import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// A frame's closed captions as the H.264 decoder exports them and H.264 encoders (libx264,
/// NVENC: their `a53cc` option, on by default) write them: ATSC A/53 `cc_data` triplets in
/// the frame's side data.
enum ClosedCaptionData {
    /// The frame's `cc_data` bytes; nil when it carries none.
    static func read(_ frame: UnsafeMutablePointer<AVFrame>) -> [UInt8]? {
        guard let side = av_frame_get_side_data(frame, AV_FRAME_DATA_A53_CC), side.pointee.size > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: side.pointee.data, count: Int(side.pointee.size)))
    }

    /// Gives the frame `data` as its `cc_data` (nil: none), in place of what it carried.
    static func set(_ frame: UnsafeMutablePointer<AVFrame>, to data: [UInt8]?, file: String) throws {
        av_frame_remove_side_data(frame, AV_FRAME_DATA_A53_CC)
        guard let data, !data.isEmpty else { return }
        guard let side = av_frame_new_side_data(frame, AV_FRAME_DATA_A53_CC, data.count) else {
            throw MediaError.outOfMemory("av_frame_new_side_data", file: file)
        }
        data.withUnsafeBufferPointer { side.pointee.data.update(from: $0.baseAddress!, count: data.count) }
    }
}
