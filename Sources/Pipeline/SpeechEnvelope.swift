import Media
import Speech

/// The energy envelope of a video's audio, for the timing fix: the samples `AudioSampleReader`
/// reads, measured by `EnergyEnvelopeBuilder` as they arrive.
public enum SpeechEnvelope {
    /// The envelope of `path`'s best audio stream on the caption clock, one value per `hop`
    /// seconds (rounded to whole samples at 16 kHz); nil when the file has no audio stream.
    public static func read(path: String, hop: Double = 0.01) throws -> EnergyEnvelope? {
        try envelope(hop: hop) { try AudioSampleReader.read(path: path, minimumGap: hop, $0) }
    }

    /// `read` of the probed `input`.
    public static func read(_ input: MediaInput, hop: Double = 0.01) throws -> EnergyEnvelope? {
        try envelope(hop: hop) { try AudioSampleReader.read(input, minimumGap: hop, $0) }
    }

    /// The envelope of what `read` hands on, nil when it found no audio.
    private static func envelope(hop: Double, _ read: ((AudioPiece) -> Void) throws -> Bool) throws -> EnergyEnvelope? {
        precondition(hop > 0, "hop must be positive")
        let rate = Int(AudioSampleReader.sampleRate)
        // Remade at the first samples, whose time is the envelope's start.
        var builder = EnergyEnvelopeBuilder(sampleRate: rate, hop: hop, start: 0)
        let found = try read { piece in
            switch piece {
            case .start(let time): builder = EnergyEnvelopeBuilder(sampleRate: rate, hop: hop, start: time)
            case .samples(let samples): builder.append(samples)
            case .silence(let count): builder.appendSilence(count: count)
            }
        }
        return found ? builder.envelope() : nil
    }
}
