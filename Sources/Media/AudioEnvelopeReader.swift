import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import CSWResample
import Captions

/// Reads the short-time energy of a file's audio, for `TimingFix`: decodes the best audio
/// stream, converts it to mono float at 16 kHz and keeps one RMS value per hop (never the samples).
public enum AudioEnvelopeReader {
    /// The rate the audio is converted to before measuring; speech energy lies below 8 kHz. // samples per second
    static let sampleRate: Int32 = 16_000
    /// The longest gap between two audio frames that is filled with silence; a longer jump is
    /// taken as a broken timestamp, and the audio after it continues without a gap. // seconds
    static let maximumGap = 3600.0

    /// The energy envelope of `path`'s best audio stream, on the caption clock (time 0 is the
    /// input's timeline start, as for the video), one value per `hop` seconds (rounded to whole
    /// samples at 16 kHz); nil when the file has no audio stream.
    public static func envelope(path: String, hop: Double = 0.01) throws -> EnergyEnvelope? {
        precondition(hop > 0, "hop must be positive")
        let demuxer = try Demuxer(path: path)
        guard let stream = demuxer.bestAudioStream else { return nil }
        let index = stream.pointee.index
        demuxer.discardStreams(except: index)
        let pass = try Pass(stream: stream, offset: demuxer.timelineOffset(in: stream.pointee.time_base), hop: hop, path: path)
        let packet = try Packet()
        while try demuxer.read(into: packet) {
            if packet.pointer.pointee.stream_index == index { try pass.decode(packet) }
            packet.unref()
        }
        try pass.decode(nil)
        return pass.builder.envelope()
    }

    /// One decoding pass: decoder, resampler and the envelope being built.
    private final class Pass {
        private let decoder: CodecContext
        private let decoded: Frame
        private let timeBase: AVRational
        private let offset: Int64  // timeline start, in timeBase
        private let hop: Double  // seconds
        private let path: String
        private var resampler: Resampler?
        private(set) var builder: EnergyEnvelopeBuilder  // remade at the first frame, which sets its start
        private var started = false
        private var next = 0.0  // where the audio so far ends on the caption clock // seconds

        init(stream: UnsafeMutablePointer<AVStream>, offset: Int64, hop: Double, path: String) throws {
            decoder = try CodecContext(decoding: stream, file: path)
            decoded = try Frame()
            timeBase = stream.pointee.time_base
            self.offset = offset
            self.hop = hop
            self.path = path
            builder = EnergyEnvelopeBuilder(sampleRate: Int(AudioEnvelopeReader.sampleRate), hop: hop, start: 0)
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
                builder = EnergyEnvelopeBuilder(sampleRate: Int(AudioEnvelopeReader.sampleRate), hop: hop, start: time ?? 0)
                started = true
                next = time ?? 0
            } else if let time, time - next > hop, time - next <= AudioEnvelopeReader.maximumGap {
                // A gap in the stream: silence keeps later audio at its own time.
                try finishResampler()
                builder.appendSilence(count: Int(((time - next) * Double(AudioEnvelopeReader.sampleRate)).rounded()))
                next = time
            }
            if let resampler, !resampler.matches(frame) { try finishResampler() }
            let resampler = try self.resampler ?? Resampler(matching: frame, outputRate: AudioEnvelopeReader.sampleRate, path: path)
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
            builder.append(samples)
        }
    }
}
