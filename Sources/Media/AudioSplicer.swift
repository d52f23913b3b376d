import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// The FFmpeg side of a cut render's audio (`AudioReencoder` with kept ranges): decoded
/// frames, already planar float at the encoder's rate and layout, are joined by an
/// `AudioSplice`, and what it hands out goes through a second graph (abuffer -> aformat ->
/// abuffersink) into the encoder's sample format in frames of its size, with timestamps
/// that count the samples from 0 (continuous: no gap at a join).
final class AudioSplicer {
    private var splice: AudioSplice
    private let graph: FilterGraph
    private let rate: Int32
    private let layout: AVChannelLayout
    private let chunk: Frame  // the spliced samples handed to the graph
    private let converted: Frame  // the graph's frames, for the encoder
    private let path: String

    /// Joins `kept` in planar float at `rate` samples per second in `layout`, then converts
    /// to `format` in frames of `frameSize` samples (0: any size); errors name `path`.
    init(
        kept: KeptRanges, rate: Int32, layout: AVChannelLayout, format: AVSampleFormat, frameSize: Int32,
        layoutName: String, path: String
    ) throws {
        let graph = try FilterGraph(
            source: "abuffer",
            arguments: "time_base=1/\(rate):sample_rate=\(rate):sample_fmt=fltp:channel_layout=\(layoutName)",
            steps: [FilterStep("aformat", "sample_fmts=\(String(cString: av_get_sample_fmt_name(format)))")],
            sink: "abuffersink", path: path)
        if frameSize > 0 { av_buffersink_set_frame_size(graph.sink, UInt32(frameSize)) }
        chunk = try Frame()
        converted = try Frame()
        self.graph = graph
        self.rate = rate
        self.layout = layout
        self.path = path
        splice = AudioSplice(kept: kept, rate: Int(rate), channels: Int(layout.nb_channels))
    }

    /// Takes a decoded frame (planar float at the rate; its timestamp in `timeBase`, from the
    /// timeline start) and hands `encode` each frame ready for the encoder.
    func take(_ frame: Frame, timeBase: AVRational, encode: (Frame) throws -> Void) throws {
        let f = frame.pointer.pointee
        guard f.nb_samples > 0, let data = f.extended_data else { return }
        // Samples without a timestamp follow on from the last.
        let position = f.pts == AVCode.noPTS ? nil : av_rescale_q(f.pts, timeBase, AVRational(num: 1, den: rate))
        let channels = (0..<splice.channels).map {
            UnsafePointer(data[$0]!.withMemoryRebound(to: Float.self, capacity: 1) { $0 })
        }
        try splice.take(channels, count: Int(f.nb_samples), at: position) { samples, at in
            try push(samples, at: at, encode: encode)
        }
    }

    /// Hands `encode` the rest: the last join's samples and the graph's last frame.
    func finish(encode: (Frame) throws -> Void) throws {
        try splice.finish { samples, at in try push(samples, at: at, encode: encode) }
        try graph.push(nil)
        try pull(encode)
    }

    /// Hands the graph `samples` (per channel) at output position `at`, then `encode` what it has ready.
    private func push(_ samples: [[Float]], at: Int64, encode: (Frame) throws -> Void) throws {
        guard let count = samples.first?.count, count > 0 else { return }
        let f = chunk.pointer
        f.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
        f.pointee.nb_samples = Int32(count)
        f.pointee.sample_rate = rate
        var source = layout
        try MediaError.check(av_channel_layout_copy(&f.pointee.ch_layout, &source), "av_channel_layout_copy", file: path)
        try MediaError.check(av_frame_get_buffer(f, 0), "av_frame_get_buffer", file: path)
        for (c, channel) in samples.enumerated() {
            channel.withUnsafeBufferPointer { from in
                f.pointee.extended_data[c]!.withMemoryRebound(to: Float.self, capacity: count) { to in
                    to.update(from: from.baseAddress!, count: count)
                }
            }
        }
        f.pointee.pts = at
        try graph.push(chunk)
        chunk.unref()
        try pull(encode)
    }

    /// Hands `encode` each frame the graph has ready.
    private func pull(_ encode: (Frame) throws -> Void) throws {
        while try graph.pull(into: converted) {
            try encode(converted)
            converted.unref()
        }
    }
}
