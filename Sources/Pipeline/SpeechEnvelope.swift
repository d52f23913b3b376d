import Captions
import Media

/// The energy envelope of a video's audio, for the timing fix: the samples `AudioSampleReader`
/// reads, measured by `EnergyEnvelopeBuilder` as they arrive.
public enum SpeechEnvelope {
    /// The envelope of `path`'s best audio stream on the caption clock, one value per `hop`
    /// seconds (rounded to whole samples at 16 kHz); nil when the file has no audio stream.
    public static func read(path: String, hop: Double = 0.01) throws -> EnergyEnvelope? {
        precondition(hop > 0, "hop must be positive")
        let rate = Int(AudioSampleReader.sampleRate)
        // Remade at the first samples, whose time is the envelope's start.
        var builder = EnergyEnvelopeBuilder(sampleRate: rate, hop: hop, start: 0)
        let found = try AudioSampleReader.read(path: path, minimumGap: hop) { piece in
            switch piece {
            case .start(let time): builder = EnergyEnvelopeBuilder(sampleRate: rate, hop: hop, start: time)
            case .samples(let samples): builder.append(samples)
            case .silence(let count): builder.appendSilence(count: count)
            }
        }
        return found ? builder.envelope() : nil
    }
}
