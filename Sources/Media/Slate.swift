import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// The picture a live stream shows while its input is away (`--slate`): an image file (PNG,
/// JPEG, or a video's first frame) fitted into the stream's frame, whole and centred on black,
/// in the stream's pixel format, colour matrix and range (libavfilter's scale, pad and format).
/// Made once; each frame sent is a reference to it.
final class Slate {
    let frame: Frame

    /// `path`'s picture for frames of `width` x `height` pixels in `format`, tagged `colors`.
    init(path: String, width: Int32, height: Int32, format: AVPixelFormat, colors: ColorTags) throws {
        let picture = try Self.firstPicture(path)
        let p = picture.pointer.pointee
        let matrix: String
        switch ColorMatrix(colors.space, width: Int(width), height: Int(height)) {
        case .bt601: matrix = "bt601"
        case .bt709: matrix = "bt709"
        case .bt2020: matrix = "bt2020"
        }
        let range = colors.range == AVCOL_RANGE_JPEG ? "pc" : "tv"
        let transformer = try FrameTransformer(
            width: p.width, height: p.height, format: AVPixelFormat(p.format), timeBase: AVRational(num: 1, den: 25),
            aspect: p.sample_aspect_ratio,
            steps: [
                FilterStep("scale", "w=\(width):h=\(height):force_original_aspect_ratio=decrease:out_color_matrix=\(matrix):out_range=\(range)"),
                FilterStep("pad", "w=\(width):h=\(height):x=(ow-iw)/2:y=(oh-ih)/2:color=black"),
                FilterStep("format", "pix_fmts=\(String(cString: av_get_pix_fmt_name(format)))"),
                FilterStep("setsar", "1"),
            ], path: path)
        picture.pointer.pointee.pts = 0
        try transformer.push(picture)
        try transformer.push(nil)
        let fitted = try Frame()
        guard try transformer.pull(into: fitted) else {
            throw MediaError.unsupported(file: path, message: "the picture could not be fitted into \(width)x\(height)")
        }
        fitted.pointer.pointee.color_primaries = colors.primaries
        fitted.pointer.pointee.color_trc = colors.transfer
        fitted.pointer.pointee.colorspace = colors.space
        fitted.pointer.pointee.color_range = colors.range
        frame = fitted
    }

    /// The first picture of `path`, as decoded.
    private static func firstPicture(_ path: String) throws -> Frame {
        let demuxer = try Demuxer(path: path)
        guard demuxer.videoStreamIndex >= 0 else { throw MediaError.noVideoStream(file: path) }
        let decoder = try CodecContext(decoding: demuxer.stream(Int(demuxer.videoStreamIndex)), file: path)
        let packet = try Packet()
        let frame = try Frame()
        var ended = false
        while !ended {
            ended = try !demuxer.read(into: packet)
            if !ended && packet.pointer.pointee.stream_index != demuxer.videoStreamIndex {
                packet.unref()
                continue
            }
            try decoder.send(packet: ended ? nil : packet)
            packet.unref()
            if try decoder.receive(into: frame) { return frame }
        }
        throw MediaError.unsupported(file: path, message: "no picture could be decoded")
    }
}
