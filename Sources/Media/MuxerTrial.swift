import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// Whether an FFmpeg muxer takes a stream, asked of the muxer itself: a context of its format
/// with that one stream writes its header into memory, which is then dropped. The muxer's own
/// rules answer (codec tags, "flac in MP4 support is experimental", "vp9 only supported in
/// MP4", "GIF muxer supports only a single video GIF stream"), where `avformat_query_codec`
/// alone has no answer for many formats (MPEG-TS, GIF) and a wrong one for some (PNG in
/// Matroska).
enum MuxerTrial {
    /// nil when `format` takes a stream of `parameters`, else FFmpeg's reason.
    static func refusal(_ format: UnsafePointer<AVOutputFormat>, _ parameters: UnsafePointer<AVCodecParameters>) -> String? {
        if let refusal = streamTypeRefusal(format, parameters) { return refusal }
        return trial(format, parameters)?.reason
    }

    /// The audio MPEG-TS has a stream type for (FFmpeg's mpegtsenc.c): its muxer writes the
    /// header for any other audio too, as a data stream no player plays (PCM from a capture
    /// device, say), so such audio counts as refused and is re-encoded.
    private static let transportStreamAudio: Set<AVCodecID> = [
        AV_CODEC_ID_MP2, AV_CODEC_ID_MP3, AV_CODEC_ID_AAC, AV_CODEC_ID_AAC_LATM, AV_CODEC_ID_AC3, AV_CODEC_ID_EAC3,
        AV_CODEC_ID_DTS, AV_CODEC_ID_TRUEHD, AV_CODEC_ID_OPUS, AV_CODEC_ID_S302M,
    ]

    private static func streamTypeRefusal(_ format: UnsafePointer<AVOutputFormat>, _ parameters: UnsafePointer<AVCodecParameters>) -> String? {
        guard String(cString: format.pointee.name) == "mpegts", parameters.pointee.codec_type == AVMEDIA_TYPE_AUDIO,
            !transportStreamAudio.contains(parameters.pointee.codec_id)
        else { return nil }
        return "MPEG-TS has no stream type for \(String(cString: avcodec_get_name(parameters.pointee.codec_id)))"
    }

    /// nil when the header was written, else the muxer's status and reason.
    private static func trial(
        _ format: UnsafePointer<AVOutputFormat>, _ parameters: UnsafePointer<AVCodecParameters>
    ) -> (status: Int32, reason: String)? {
        let memory = (status: burn_averror(ENOMEM), reason: "out of memory")
        var context: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_alloc_output_context2(&context, format, nil, nil) >= 0, let context else { return memory }
        defer { avformat_free_context(context) }
        guard let stream = avformat_new_stream(context, nil), avcodec_parameters_copy(stream.pointee.codecpar, parameters) >= 0 else {
            return memory
        }
        stream.pointee.codecpar.pointee.codec_tag = 0
        stream.pointee.time_base = AVRational(num: 1, den: 90000)
        guard avio_open_dyn_buf(&context.pointee.pb) >= 0 else { return memory }
        MediaLog.keepErrors()
        let status = avformat_write_header(context, nil)
        var bytes: UnsafeMutablePointer<UInt8>?
        _ = avio_close_dyn_buf(context.pointee.pb, &bytes)
        av_free(bytes)
        context.pointee.pb = nil
        let said = MediaLog.lastError()
        guard status < 0 else { return nil }
        return (status, said.isEmpty ? MediaError.text(status) : said)
    }

    /// nil when `format` takes the video an encoder of codec `id` writes, else FFmpeg's reason.
    /// The trial stream has no codec headers (an encoder makes them when it opens), so a
    /// format whose codec tags list the codec and that refuses only the missing headers
    /// (H.264 in Matroska: "Invalid data found") takes it.
    static func videoRefusal(_ format: UnsafePointer<AVOutputFormat>, codec id: AVCodecID) -> String? {
        guard let (status, reason) = trial(format, AVMEDIA_TYPE_VIDEO, codec: id) else { return nil }
        let listed = avformat_query_codec(format, id, burn_ff_compliance_normal()) == 1
        return listed && status == AVCode.invalidData ? nil : reason
    }

    /// nil when `format` takes the audio an encoder of codec `id` writes (48 kHz stereo), else
    /// FFmpeg's reason.
    static func audioRefusal(_ format: UnsafePointer<AVOutputFormat>, codec id: AVCodecID) -> String? {
        trial(format, AVMEDIA_TYPE_AUDIO, codec: id)?.reason
    }

    /// The trial of a stream of `type` and codec `id` as an encoder starts it: 64x64 pixels,
    /// or 48 kHz stereo in frames of 1024 samples.
    private static func trial(
        _ format: UnsafePointer<AVOutputFormat>, _ type: AVMediaType, codec id: AVCodecID
    ) -> (status: Int32, reason: String)? {
        guard let parameters = avcodec_parameters_alloc() else { return (burn_averror(ENOMEM), "out of memory") }
        var owned: UnsafeMutablePointer<AVCodecParameters>? = parameters
        defer { avcodec_parameters_free(&owned) }
        parameters.pointee.codec_type = type
        parameters.pointee.codec_id = id
        if type == AVMEDIA_TYPE_VIDEO {
            parameters.pointee.width = 64
            parameters.pointee.height = 64
        } else {
            parameters.pointee.sample_rate = 48000
            parameters.pointee.frame_size = 1024
            av_channel_layout_default(&parameters.pointee.ch_layout, 2)
        }
        return trial(format, parameters)
    }
}
