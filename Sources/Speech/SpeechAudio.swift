import Captions
import Foundation
import Media

/// A video's audio as a recognizer hears it: the best audio stream, decoded by our own
/// decoder (the stream and the timeline a render uses), mono at 16 kHz, gaps filled with
/// silence; with its energy envelope (measured in the same pass, for the timing fix) and
/// the SHA-256 of its samples (what names its transcript in the cache). The samples of a
/// decoded file wait in a temporary file, so memory does not grow with the recording.
public struct SpeechAudio: Sendable {
    /// The rate of `samples`. // samples per second
    public static let sampleRate = AudioSampleReader.sampleRate

    /// Mono samples, full scale = 1.
    public let samples: SpeechSamples
    /// Where the first sample lies on the caption clock. // seconds
    public let start: Double
    /// The envelope the timing fix measures, 10 ms windows.
    public let envelope: EnergyEnvelope
    /// SHA-256 of the samples as sent (little-endian float32), 64 hex digits.
    public var digest: String { samples.digest }

    /// Its length. // seconds
    public var duration: Double { Double(samples.count) / Double(Self.sampleRate) }

    /// The audio of `input`, nil when it has no audio stream; its samples are kept in a
    /// temporary file in `folder`. `hop` is the envelope's window. // seconds
    public static func read(_ input: MediaInput, hop: Double = 0.01, folder: String = SpeechSamples.folder()) throws -> SpeechAudio? {
        let rate = Int(sampleRate)
        var builder = EnergyEnvelopeBuilder(sampleRate: rate, hop: hop, start: 0)
        let writer = try SpeechSamples.Writer(folder: folder)
        var failure: Error?
        var start = 0.0
        let found = try AudioSampleReader.read(input, minimumGap: hop) { piece in
            guard failure == nil else { return }
            do {
                switch piece {
                case .start(let time):
                    start = time
                    builder = EnergyEnvelopeBuilder(sampleRate: rate, hop: hop, start: time)
                case .samples(let buffer):
                    try writer.append(buffer)
                    builder.append(buffer)
                case .silence(let count):
                    try writer.appendSilence(count: count)
                    builder.appendSilence(count: count)
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        guard found else { return nil }
        return SpeechAudio(samples: try writer.finish(), start: start, envelope: builder.envelope())
    }

    /// Audio of `samples` starting at `start` seconds, with their envelope when not given.
    public init(samples: SpeechSamples, start: Double, envelope: EnergyEnvelope) {
        (self.samples, self.start, self.envelope) = (samples, start, envelope)
    }

    /// Audio made of `samples` at `sampleRate` starting at `start` seconds, held in memory (tests, `doctor`).
    public init(samples: [Float], start: Double, envelope: EnergyEnvelope? = nil) {
        self.samples = SpeechSamples(samples)
        self.start = start
        self.envelope =
            envelope
            ?? {
                var builder = EnergyEnvelopeBuilder(sampleRate: Int(Self.sampleRate), hop: 0.01, start: start)
                samples.withUnsafeBufferPointer { builder.append($0) }
                return builder.envelope()
            }()
    }
}
