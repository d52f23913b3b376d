import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import CSWResample

/// A piece of a file's audio as `AudioSampleReader` hands it on, in order.
public enum AudioPiece {
    /// Where the first sample lies on the caption clock; comes once, before any samples. // seconds
    case start(Double)
    /// Samples that follow the ones before (mono, full scale = 1).
    case samples(UnsafeBufferPointer<Float>)
    /// A gap in the stream, as this many samples of silence.
    case silence(count: Int)
}

/// Reads a file's best audio stream for measuring it (the timing fix's energy envelope):
/// decoded, converted to mono float at `sampleRate`, handed on piece by piece (never kept).
public enum AudioSampleReader {
    /// The rate the audio is converted to; speech energy lies below 8 kHz. // samples per second
    public static let sampleRate: Int32 = 16_000
    /// The longest gap between two audio frames that is filled with silence; a longer jump is
    /// taken as a broken timestamp, and the audio after it continues without a gap. // seconds
    static let maximumGap = 3600.0

    /// Hands `path`'s best audio stream to `body` on the caption clock (time 0 is the input's
    /// timeline start, as for the video): a `.start`, then samples, with gaps longer than
    /// `minimumGap` seconds filled with silence. Returns false when the file has no audio stream.
    @discardableResult
    public static func read(path: String, minimumGap: Double, _ body: (AudioPiece) -> Void) throws -> Bool {
        try read(Demuxer(path: path), minimumGap: minimumGap, body)
    }

    /// `read` of the probed `input` (through the probe's demuxer when no pass has used it yet).
    @discardableResult
    public static func read(_ input: MediaInput, minimumGap: Double, _ body: (AudioPiece) -> Void) throws -> Bool {
        guard input.info.hasAudio else { return false }
        return try read(input.demuxer(), minimumGap: minimumGap, body)
    }

    private static func read(_ demuxer: Demuxer, minimumGap: Double, _ body: (AudioPiece) -> Void) throws -> Bool {
        let path = demuxer.path
        guard let stream = demuxer.bestAudioStream else { return false }
        let index = stream.pointee.index
        demuxer.discardStreams(except: index)
        MediaCounters.add(\.audioTracksDecoded)
        try withoutActuallyEscaping(body) { body in
            let pass = try Pass(
                stream: stream, offset: demuxer.timelineOffset(in: stream.pointee.time_base), minimumGap: minimumGap,
                path: path, body: body)
            let packet = try Packet()
            while try demuxer.read(into: packet) {
                if packet.pointer.pointee.stream_index == index { try pass.decode(packet) }
                packet.unref()
            }
            try pass.decode(nil)
        }
        return true
    }

    /// One decoding pass: decoder, resampler and where the audio so far ends.
    private final class Pass {
        private let decoder: CodecContext
        private let decoded: Frame
        private let timeBase: AVRational
        private let offset: Int64  // timeline start, in timeBase
        private let minimumGap: Double  // seconds
        private let path: String
        private let body: (AudioPiece) -> Void
        private var resampler: Resampler?
        private var started = false
        private var next = 0.0  // where the audio so far ends on the caption clock // seconds

        init(
            stream: UnsafeMutablePointer<AVStream>, offset: Int64, minimumGap: Double, path: String,
            body: @escaping (AudioPiece) -> Void
        ) throws {
            decoder = try CodecContext(decoding: stream, file: path)
            decoded = try Frame()
            timeBase = stream.pointee.time_base
            self.offset = offset
            self.minimumGap = minimumGap
            self.path = path
            self.body = body
        }

        /// Decodes what `packet` holds (nil: the end, which drains the decoder and the resampler).
        func decode(_ packet: Packet?) throws {
            try decoder.send(packet: packet)
            while try decoder.receive(into: decoded) {
                try add(decoded)
                decoded.unref()
            }
            if packet == nil { try finishResampler() }
        }

        private func add(_ frame: Frame) throws {
            let f = frame.pointer.pointee
            guard f.nb_samples > 0, f.sample_rate > 0 else { return }
            let pts = f.best_effort_timestamp
            // Caption clock: the timeline start subtracted, as for the video. No timestamp: right after the last frame.
            let time = pts == AVCode.noPTS ? nil : Double(pts - offset) * av_q2d(timeBase)
            if !started {
                body(.start(time ?? 0))
                started = true
                next = time ?? 0
            } else if let time, time - next > minimumGap, time - next <= AudioSampleReader.maximumGap {
                // A gap in the stream: silence keeps later audio at its own time.
                try finishResampler()
                body(.silence(count: Int(((time - next) * Double(AudioSampleReader.sampleRate)).rounded())))
                next = time
            }
            if let resampler, !resampler.matches(frame) { try finishResampler() }
            let resampler = try self.resampler ?? Resampler(matching: frame, outputRate: AudioSampleReader.sampleRate, path: path)
            self.resampler = resampler
            try resampler.convert(frame, append)
            next += Double(f.nb_samples) / Double(f.sample_rate)
        }

        /// Passes on what the resampler still holds and drops it; the next frame makes a new one.
        private func finishResampler() throws {
            try resampler?.flush(append)
            resampler = nil
        }

        private func append(_ samples: UnsafeBufferPointer<Float>) {
            body(.samples(samples))
        }
    }
}
