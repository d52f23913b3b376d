import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// The sound of a live input as a recognizer hears it: the packets of its best audio stream
/// decoded and resampled to 16 kHz mono float as they pass, each run of samples handed on
/// with the stream time of its first sample (on the output's timeline).
final class LiveAudioTap {
    /// Samples per second handed on.
    static let sampleRate: Int32 = 16_000
    let streamIndex: Int32
    private let decoder: CodecContext
    private let decoded: Frame
    private let timeBase: AVRational
    private let offset: Int64  // timeline start, in timeBase
    private let path: String
    private var resampler: Resampler?
    private var next: Double?  // where the samples so far end // seconds

    /// A tap on `demuxer`'s best audio stream; nil when it has none.
    init?(_ demuxer: Demuxer) throws {
        guard let stream = demuxer.bestAudioStream else { return nil }
        streamIndex = stream.pointee.index
        decoder = try CodecContext(decoding: stream, file: demuxer.path, threads: 1)
        decoded = try Frame()
        timeBase = stream.pointee.time_base
        offset = demuxer.timelineOffset(in: stream.pointee.time_base)
        path = demuxer.path
    }

    /// Decodes `packet` (of `streamIndex`; others are ignored) and hands on its samples, their
    /// times moved by `shift` seconds. A packet that does not decode is skipped.
    func hear(_ packet: Packet, shift: Double, _ body: (UnsafeBufferPointer<Float>, Double) -> Void) {
        guard packet.pointer.pointee.stream_index == streamIndex else { return }
        do {
            try decoder.send(packet: packet)
            while try decoder.receive(into: decoded) {
                defer { decoded.unref() }
                let f = decoded.pointer.pointee
                guard f.nb_samples > 0, f.sample_rate > 0 else { continue }
                let pts = f.best_effort_timestamp
                let time = pts == AVCode.noPTS ? (next ?? 0) : Double(pts - offset) * av_q2d(timeBase) + shift
                if let resampler, !resampler.matches(decoded) { self.resampler = nil }
                let resampler = try self.resampler ?? Resampler(matching: decoded, outputRate: Self.sampleRate, path: path)
                self.resampler = resampler
                var start = time
                try resampler.convert(decoded) { samples in
                    body(samples, start)
                    start += Double(samples.count) / Double(Self.sampleRate)
                }
                next = time + Double(f.nb_samples) / Double(f.sample_rate)
            }
        } catch {
            return
        }
    }
}
