import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// Where a burned output's finished frames and the input's other streams go: its encoded
/// file (`EncodedOutput`), the frames first converted to the encoder's pixel format when it
/// takes another than the blended frames' (ProRes 4:2:2, NVENC's P010).
final class BurnedOutput {
    private let output: EncodedOutput
    /// Whether the encoder takes the 10-bit frames narrowed to 8 bits (shared by the outputs).
    let takesNarrowed: Bool
    /// The frames converted to the encoder's pixel format, in a frame kept for reuse.
    private let conversion: (scaler: Scaler, frame: Frame)?
    var copiedStreams: Int { output.copiedStreams }

    /// `muxer` writes the file or stream (`finalPath` names it in errors); `segment`: the
    /// label a part of a split render carries (video only: the join takes the audio from the
    /// input); `kept`: a cut render's ranges (its audio joined at the same cuts).
    init(
        source: VideoSource, muxer: Muxer, finalPath: String, settings: EncoderSettings, segment: SegmentLabel?,
        kept: KeptRanges? = nil, notice: (RenderNotice) -> Void
    ) throws {
        let inputStream = source.stream
        let frameRate =
            inputStream.pointee.avg_frame_rate.num > 0 ? inputStream.pointee.avg_frame_rate : inputStream.pointee.r_frame_rate
        let plan = try EncoderPlan(
            settings: settings, frameFormat: source.pixelFormat, metadata: source.setup.hdrMetadata, file: finalPath)
        takesNarrowed = source.pixelFormat == AV_PIX_FMT_YUV420P10LE && plan.pixelFormat == AV_PIX_FMT_YUV420P
        if plan.pixelFormat != source.pixelFormat && !takesNarrowed {
            let matrix = ColorMatrix(source.colors.space, width: Int(source.width), height: Int(source.height))
            conversion = (
                try Scaler(
                    from: (source.width, source.height, source.pixelFormat), to: (source.width, source.height, plan.pixelFormat),
                    matrix: matrix, fullRange: source.colors.range == AVCOL_RANGE_JPEG, path: source.path),
                try Frame.picture(width: Int(source.width), height: Int(source.height), format: plan.pixelFormat, file: finalPath)
            )
        } else {
            conversion = nil
        }
        output = try EncodedOutput(
            muxer: muxer, plan: plan, source: source, colors: Self.namedColors(source), frameRate: frameRate,
            finalPath: finalPath, audioFrom: segment == nil ? source.demuxer : nil, kept: kept, segment: segment,
            notice: notice)
    }

    /// The input's colour tags, an untagged matrix named as the captions were blended with it
    /// (BT.709 for HD, BT.601 for SD), so that readers do not guess another one for the colours.
    private static func namedColors(_ source: VideoSource) -> ColorTags {
        var colors = source.colors
        if colors.space == AVCOL_SPC_UNSPECIFIED {
            let assumed = ColorMatrix(colors.space, width: Int(source.width), height: Int(source.height))
            colors.space = assumed == .bt709 ? AVCOL_SPC_BT709 : AVCOL_SPC_SMPTE170M
        }
        return colors
    }

    /// Encodes one finished frame (converted to the encoder's format first, when it takes
    /// another) and writes the packets the encoder has ready.
    func encode(_ frame: UnsafeMutablePointer<AVFrame>, timer: StageTimer) throws {
        var frame = frame
        if let conversion {
            let converted = conversion.frame.pointer
            try timer.measure(.composite) {
                try MediaError.check(av_frame_make_writable(converted), "av_frame_make_writable", file: nil)
                try conversion.scaler.scale(frame, into: converted)
            }
            Frame.copyProperties(from: frame, to: converted)
            frame = converted
        }
        // Encoders that write the frame's tags (ProRes) write the encoder's.
        frame.pointee.colorspace = output.colorSpace
        try output.encode(frame, timer: timer)
    }

    /// A packet of another stream: copied, re-encoded, or dropped.
    func passOn(_ packet: Packet) throws { try output.passOn(packet) }

    /// The demuxer has sought (a cut render over a long cut): the audio decoders start afresh.
    func restartAudio() { output.restartAudio() }

    /// Flushes the audio re-encoders and the video encoder, and completes the file.
    func finish(timer: StageTimer) throws { try output.finish(timer: timer) }
}
