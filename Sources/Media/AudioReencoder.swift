import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// Re-encodes one audio stream to AAC, or to Opus where the container holds no AAC (WebM),
/// for codecs the output container cannot hold (PCM from a .mov into .mp4, AAC into .webm):
/// decode, convert to the encoder's sample format in frames of its size with libavfilter
/// (abuffer -> aformat -> abuffersink), encode. In a cut render (`kept`) every audio stream
/// comes this way, since packets cannot be copied across a cut: the graph makes planar float
/// at the encoder's rate, an `AudioSplicer` joins the kept ranges, then encodes.
final class AudioReencoder {
    let outputIndex: Int32
    /// The codec written: "AAC" or "Opus".
    let codecName: String
    private let decoder: CodecContext
    private let graph: FilterGraph
    private let encoder: CodecContext
    private let inputTimeBase: AVRational
    private let offset: Int64  // timeline start, in inputTimeBase
    private let sampleTimeBase: AVRational  // 1 / sample rate
    private let decoded: Frame
    private let filtered: Frame
    private let packet: Packet
    /// The kept ranges joined, in a cut render.
    private let splicer: AudioSplicer?

    /// The bit rate per channel. // bits per second
    static let bitRatePerChannel: Int64 = 96_000

    /// `offset` is the timeline start in the stream's time base (subtracted from every
    /// timestamp); `kept`: only these ranges, joined (a cut render).
    init(
        stream: UnsafeMutablePointer<AVStream>, offset: Int64, muxer: Muxer, path: String, outputPath: String,
        kept: KeptRanges? = nil
    ) throws {
        let decoder = try CodecContext(decoding: stream, file: path)
        let decoded = try Frame()
        let filtered = try Frame()
        let packet = try Packet()
        let input = decoder.pointer.pointee
        let channels = max(1, input.ch_layout.nb_channels)
        // The input as it is when its layout is known, else the usual layout for its channel count;
        // AAC always gets the usual layout (it has no "downmix" or unordered layouts).
        let inputLayout =
            input.ch_layout.order == AV_CHANNEL_ORDER_NATIVE
            ? Self.describe(input.ch_layout) : Self.describe(Self.defaultLayout(channels))
        let outputLayout = Self.defaultLayout(channels)
        let aac = muxer.canHold(audio: AV_CODEC_ID_AAC)
        let codec =
            aac
            ? try CodecContext.encoder(for: AV_CODEC_ID_AAC, file: outputPath)
            : try CodecContext.encoder(named: "libopus", file: outputPath)
        let rate = Self.sampleRate(for: input.sample_rate, codec: codec)
        let sampleFormat = Self.sampleFormat(for: codec)
        let encoder = try CodecContext(codec: codec, file: outputPath) { context in
            context.pointee.sample_rate = rate
            context.pointee.sample_fmt = sampleFormat
            context.pointee.ch_layout = outputLayout
            context.pointee.time_base = AVRational(num: 1, den: rate)
            context.pointee.bit_rate = Self.bitRatePerChannel * Int64(channels)
            if muxer.needsGlobalHeader { context.pointee.flags |= burn_av_codec_flag_global_header() }
        }

        let format = av_get_sample_fmt_name(input.sample_fmt).map { String(cString: $0) } ?? "s16"
        let frameSize = encoder.pointer.pointee.frame_size
        let graph = try FilterGraph(
            source: "abuffer",
            arguments: "time_base=1/\(input.sample_rate):sample_rate=\(input.sample_rate):"
                + "sample_fmt=\(format):channel_layout=\(inputLayout)",
            steps: [
                FilterStep(
                    "aformat",
                    "sample_fmts=\(String(cString: av_get_sample_fmt_name(kept == nil ? sampleFormat : AV_SAMPLE_FMT_FLTP))):"
                        + "sample_rates=\(rate):channel_layouts=\(Self.describe(outputLayout))")
            ],
            sink: "abuffersink", path: path)
        if kept == nil { av_buffersink_set_frame_size(graph.sink, UInt32(frameSize)) }
        let splicer = try kept.map {
            try AudioSplicer(
                kept: $0, rate: rate, layout: outputLayout, format: sampleFormat, frameSize: frameSize,
                layoutName: Self.describe(outputLayout), path: path)
        }

        let out = try muxer.addStream()
        try encoder.copyParameters(to: out)
        out.pointee.time_base = AVRational(num: 1, den: rate)
        out.pointee.disposition = stream.pointee.disposition
        av_dict_copy(&out.pointee.metadata, stream.pointee.metadata, 0)
        self.codecName = aac ? "AAC" : "Opus"
        self.decoder = decoder
        self.graph = graph
        self.splicer = splicer
        self.encoder = encoder
        self.outputIndex = out.pointee.index
        self.inputTimeBase = stream.pointee.time_base
        self.offset = offset
        self.sampleTimeBase = AVRational(num: 1, den: rate)
        self.decoded = decoded
        self.filtered = filtered
        self.packet = packet
    }

    /// The usual layout for a channel count (mono, stereo, 5.1, ...).
    private static func defaultLayout(_ channels: Int32) -> AVChannelLayout {
        var layout = AVChannelLayout()
        av_channel_layout_default(&layout, channels)
        return layout
    }

    /// FFmpeg's name for a layout ("stereo", "5.1(side)").
    private static func describe(_ layout: AVChannelLayout) -> String {
        var copy = layout
        var name = [CChar](repeating: 0, count: 128)
        av_channel_layout_describe(&copy, &name, name.count)
        return String(decoding: name.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Decodes, converts and encodes what `input` holds (nil: the end) and writes the packets.
    func feed(_ input: Packet?, to muxer: Muxer) throws {
        try decoder.send(packet: input)
        while try decoder.receive(into: decoded) {
            let pts = decoded.pointer.pointee.best_effort_timestamp
            decoded.pointer.pointee.pts =
                pts == AVCode.noPTS
                ? AVCode.noPTS
                : av_rescale_q(pts - offset, inputTimeBase, AVRational(num: 1, den: decoded.pointer.pointee.sample_rate))
            try graph.push(decoded)
            try encodeFiltered(to: muxer)
            decoded.unref()
        }
        guard input == nil else { return }
        try graph.push(nil)
        try encodeFiltered(to: muxer)
        try splicer?.finish { try encode($0, to: muxer) }
        try encoder.send(frame: nil)
        try writePackets(to: muxer)
    }

    /// Encodes the frames the filter graph has ready (joined first, in a cut render).
    private func encodeFiltered(to muxer: Muxer) throws {
        while try graph.pull(into: filtered) {
            if let splicer {
                try splicer.take(filtered, timeBase: av_buffersink_get_time_base(graph.sink)) { try encode($0, to: muxer) }
            } else {
                try encode(filtered, to: muxer)
            }
            filtered.unref()
        }
    }

    /// Encodes one frame and writes the packets the encoder has ready.
    private func encode(_ frame: Frame, to muxer: Muxer) throws {
        try encoder.send(frame: frame.pointer)
        try writePackets(to: muxer)
    }

    /// Drops what the decoder holds: the demuxer has sought (a cut render over a long cut).
    func restart() { decoder.flush() }

    /// Writes the packets the encoder has ready.
    private func writePackets(to muxer: Muxer) throws {
        while try encoder.receive(into: packet) {
            try muxer.write(packet, stream: outputIndex, timeBase: sampleTimeBase)
        }
    }

    /// Planar float when the encoder takes it (AAC), else its first format (Opus: s16 or flt).
    private static func sampleFormat(for codec: UnsafePointer<AVCodec>) -> AVSampleFormat {
        guard let formats = codec.pointee.sample_fmts else { return AV_SAMPLE_FMT_FLTP }
        var i = 0
        while formats[i] != AV_SAMPLE_FMT_NONE {
            if formats[i] == AV_SAMPLE_FMT_FLTP || formats[i] == AV_SAMPLE_FMT_FLT { return formats[i] }
            i += 1
        }
        return formats[0]
    }

    /// The input's rate when the encoder supports it, else 48 kHz.
    private static func sampleRate(for rate: Int32, codec: UnsafePointer<AVCodec>) -> Int32 {
        guard let supported = codec.pointee.supported_samplerates else { return rate }
        var i = 0
        while supported[i] != 0 {
            if supported[i] == rate { return rate }
            i += 1
        }
        return 48_000
    }
}
