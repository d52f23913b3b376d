import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation

/// The colour description a decoded video carries, kept on the output.
struct ColorTags {
    var primaries: AVColorPrimaries
    var transfer: AVColorTransferCharacteristic
    var space: AVColorSpace
    var range: AVColorRange
}

/// One output's video encoder before it opens: which FFmpeg encoder, the pixel format it
/// takes the frames in, and its options (quality, speed, HDR metadata).
struct EncoderPlan {
    let codec: UnsafePointer<AVCodec>
    let name: String
    /// The frames' format as the encoder takes them: the blended frames' own when it can.
    let pixelFormat: AVPixelFormat
    let options: [(name: String, value: String)]
    let metadata: HDRMetadata?
    /// Tags the video stream carries (WebM's `alpha_mode`).
    let streamTags: [(key: String, value: String)]
    let threads: Int

    /// The plan for `settings` given frames in `frameFormat` (yuv420p or yuv420p10le) that
    /// carry `metadata`. Errors name `file` (the output).
    init(settings: EncoderSettings, frameFormat: AVPixelFormat, metadata: HDRMetadata?, file: String?) throws {
        let name = settings.encoderName
        let codec = try CodecContext.encoder(named: name, file: file)
        if let problem = EncoderSettings.problem(encoder: name) { throw MediaError.unsupported(file: file, message: problem) }
        let tenBit = VideoSetup.bitDepth(frameFormat) > 8
        let family = VideoCodec(id: codec.pointee.id)
        var wanted: [AVPixelFormat]
        if family == .prores {
            // 422 HQ, or 4444 for 4:4:4 frames.
            wanted = [ChromaLayout(frameFormat) == .yuv444 ? AV_PIX_FMT_YUV444P10LE : AV_PIX_FMT_YUV422P10LE]
        } else if tenBit && (family?.keepsTenBits ?? true) {
            wanted = [AV_PIX_FMT_YUV420P10LE, AV_PIX_FMT_P010LE, AV_PIX_FMT_YUV420P]
        } else {
            wanted = [AV_PIX_FMT_YUV420P]
        }
        let supported = Self.pixelFormats(codec)
        pixelFormat = supported.isEmpty ? wanted[0] : (wanted.first(where: supported.contains) ?? supported[0])
        var extra: [String] = []
        if let metadata, pixelFormat != AV_PIX_FMT_YUV420P {
            extra = name == "libx265" ? ["hdr10=1"] + metadata.x265Parameters : name == "libsvtav1" ? metadata.svtAV1Parameters : []
        }
        // SVT-AV1 prints its banner and settings unless told to keep to errors.
        if name == "libsvtav1" { setenv("SVT_LOG", "1", 0) }
        var options = settings.options(for: name, extra: extra)
        if name == "prores_ks" { options.append(("profile", pixelFormat == AV_PIX_FMT_YUV444P10LE ? "4444" : "hq")) }
        self.options = options
        self.codec = codec
        self.name = name
        self.metadata = pixelFormat == AV_PIX_FMT_YUV420P ? nil : metadata
        streamTags = []
        self.threads = settings.threadCount
    }

    /// The plan for an overlay-only output: ProRes 4444 (profile 4444, 16-bit alpha) or VP9
    /// with alpha (the quality `settings` map; no alternate reference frames, which libvpx
    /// cannot encode with alpha).
    init(overlay format: OverlayFormat, settings: EncoderSettings, file: String?) throws {
        name = format == .proRes4444 ? "prores_ks" : "libvpx-vp9"
        codec = try CodecContext.encoder(named: name, file: file)
        pixelFormat = format.pixelFormat
        options =
            format == .proRes4444
            ? [("profile", "4444"), ("alpha_bits", "16")] : settings.options(for: name) + [("auto-alt-ref", "0")]
        metadata = nil
        streamTags = format == .vp9Alpha ? [("alpha_mode", "1")] : []
        threads = settings.threadCount
    }

    /// Encoders that list only device pixel formats (VAAPI, Vulkan surfaces). QSV lists
    /// system formats too but is set up for device frames: it is refused by name.
    static func takesDeviceFramesOnly(_ codec: UnsafePointer<AVCodec>) -> Bool {
        let formats = pixelFormats(codec)
        return !formats.isEmpty
            && formats.allSatisfy { format in
                av_pix_fmt_desc_get(format).map { $0.pointee.flags & burn_av_pix_fmt_flag_hwaccel() != 0 } ?? false
            }
    }

    /// The pixel formats `codec` lists (empty: it does not say).
    static func pixelFormats(_ codec: UnsafePointer<AVCodec>) -> [AVPixelFormat] {
        guard var format = codec.pointee.pix_fmts else { return [] }
        var formats: [AVPixelFormat] = []
        while format.pointee != AV_PIX_FMT_NONE {
            formats.append(format.pointee)
            format += 1
        }
        return formats
    }
}

extension EncoderSettings {
    /// Why FFmpeg's encoder `name` cannot write a render's video: there is none, it is no
    /// video encoder, or it takes frames on its device only; nil when it can.
    public static func problem(encoder name: String) -> String? {
        guard let codec = avcodec_find_encoder_by_name(name) else { return "this FFmpeg has no \(name) encoder" }
        guard codec.pointee.type == AVMEDIA_TYPE_VIDEO else { return "\(name) is not a video encoder" }
        if EncoderPlan.takesDeviceFramesOnly(codec) || name.hasSuffix("_vaapi") || name.hasSuffix("_qsv") {
            return "\(name) takes frames on its device (VAAPI, QSV, ...), which burn-captions does not upload to yet; "
                + "use a software encoder or NVENC (h264_nvenc, hevc_nvenc)"
        }
        return nil
    }
}

extension CodecContext {
    /// The video encoder `plan` names for frames of `width` x `height` pixels, with the input's
    /// frame rate, pixel aspect and colour tags; `globalHeader` when the container wants the
    /// codec's headers in extradata. An encoder that cannot open says why, in one line naming
    /// it and FFmpeg's last error message ("Cannot load libcuda.so.1"). Errors name `file`.
    static func videoEncoder(
        _ plan: EncoderPlan, width: Int32, height: Int32, timeBase: AVRational, frameRate: AVRational, aspect: AVRational,
        colors: ColorTags, globalHeader: Bool, file: String?
    ) throws -> CodecContext {
        MediaLog.keepErrors()
        do {
            return try CodecContext(codec: plan.codec, file: file, options: plan.options) { context in
                context.pointee.width = width
                context.pointee.height = height
                context.pointee.pix_fmt = plan.pixelFormat
                context.pointee.time_base = timeBase
                if frameRate.num > 0 && frameRate.den > 0 { context.pointee.framerate = frameRate }
                context.pointee.sample_aspect_ratio = aspect
                context.pointee.color_primaries = colors.primaries
                context.pointee.color_trc = colors.transfer
                context.pointee.colorspace = colors.space
                context.pointee.color_range = colors.range
                context.pointee.thread_count = Int32(plan.threads)
                if globalHeader { context.pointee.flags |= burn_av_codec_flag_global_header() }
            }
        } catch let error as MediaError {
            guard case .ffmpeg(_, let operation, _, let message) = error, operation.hasPrefix("avcodec_open2") else { throw error }
            let said = MediaLog.lastError()
            throw MediaError.unsupported(
                file: file, message: "the \(plan.name) encoder cannot open: \(said.isEmpty ? message : "\(said) (\(message))")")
        }
    }
}
