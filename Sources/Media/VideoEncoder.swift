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

extension CodecContext {
    /// A video encoder for yuv420p frames of `width` x `height` pixels: the codec
    /// (`settings.codec`, libx264 unless told) with `settings`' options and threads, the input's
    /// frame rate, pixel aspect and colour tags; `globalHeader` when the container wants the
    /// codec's headers in extradata. Errors name `file` (the output).
    static func videoEncoder(
        width: Int32, height: Int32, timeBase: AVRational, frameRate: AVRational, aspect: AVRational,
        colors: ColorTags, settings: EncoderSettings, globalHeader: Bool, file: String?
    ) throws -> CodecContext {
        let codec = try encoder(named: settings.codec, file: file)
        return try CodecContext(codec: codec, file: file, options: settings.options) { context in
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
        }
    }
}
