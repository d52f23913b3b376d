import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// The colour description a decoded video carries, kept on the output.
struct ColorTags {
    var primaries: AVColorPrimaries
    var transfer: AVColorTransferCharacteristic
    var space: AVColorSpace
    var range: AVColorRange
}

/// An H.264 encoder (libx264 through libavcodec) for yuv420p frames.
final class Encoder {
    let context: UnsafeMutablePointer<AVCodecContext>
    private let path: String

    init(
        width: Int32, height: Int32, timeBase: AVRational, frameRate: AVRational, aspect: AVRational,
        colors: ColorTags, settings: EncoderSettings, globalHeader: Bool, path: String
    ) throws {
        guard let codec = avcodec_find_encoder_by_name("libx264") else {
            throw MediaError.unsupported(file: path, message: "this FFmpeg has no libx264 encoder")
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw MediaError.outOfMemory("avcodec_alloc_context3", file: path)
        }
        self.context = context
        self.path = path
        context.pointee.width = width
        context.pointee.height = height
        context.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        context.pointee.time_base = timeBase
        if frameRate.num > 0 && frameRate.den > 0 { context.pointee.framerate = frameRate }
        context.pointee.sample_aspect_ratio = aspect
        context.pointee.color_primaries = colors.primaries
        context.pointee.color_trc = colors.transfer
        context.pointee.colorspace = colors.space
        context.pointee.color_range = colors.range
        context.pointee.thread_count = Int32(settings.threadCount)
        if globalHeader { context.pointee.flags |= burn_av_codec_flag_global_header() }
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        av_dict_set(&options, "crf", String(settings.crf), 0)
        av_dict_set(&options, "preset", settings.preset, 0)
        try MediaError.check(avcodec_open2(context, codec, &options), "avcodec_open2 (libx264)", file: path)
    }

    deinit {
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&owned)
    }

    /// Sends a frame, or nil to flush.
    func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws {
        try MediaError.check(avcodec_send_frame(context, frame), "avcodec_send_frame", file: path)
    }

    /// Receives the next packet; false when the encoder needs more frames or is drained.
    func receive(into packet: Packet) throws -> Bool {
        let code = avcodec_receive_packet(context, packet.pointer)
        if code == AVCode.again || code == AVCode.eof { return false }
        try MediaError.check(code, "avcodec_receive_packet", file: path)
        return true
    }
}
