import Captions
import Foundation
import Media

/// A video's audio as a recognizer hears it: the best audio stream, decoded by our own
/// decoder (the stream and the timeline a render uses), mono at 16 kHz, gaps filled with
/// silence; with its energy envelope (measured in the same pass, for the timing fix) and
/// the SHA-256 of its samples (what names its transcript in the cache).
public struct SpeechAudio: Sendable {
    /// The rate of `samples`. // samples per second
    public static let sampleRate = AudioSampleReader.sampleRate

    /// Mono samples, full scale = 1.
    public let samples: [Float]
    /// Where the first sample lies on the caption clock. // seconds
    public let start: Double
    /// The envelope the timing fix measures, 10 ms windows.
    public let envelope: EnergyEnvelope
    /// SHA-256 of the samples as sent (little-endian float32), 64 hex digits.
    public let digest: String

    /// Its length. // seconds
    public var duration: Double { Double(samples.count) / Double(Self.sampleRate) }

    /// The audio of `input`, nil when it has no audio stream. `hop` is the envelope's window. // seconds
    public static func read(_ input: MediaInput, hop: Double = 0.01) throws -> SpeechAudio? {
        let rate = Int(sampleRate)
        var builder = EnergyEnvelopeBuilder(sampleRate: rate, hop: hop, start: 0)
        var samples: [Float] = []
        var start = 0.0
        let found = try AudioSampleReader.read(input, minimumGap: hop) { piece in
            switch piece {
            case .start(let time):
                start = time
                builder = EnergyEnvelopeBuilder(sampleRate: rate, hop: hop, start: time)
            case .samples(let buffer):
                samples.append(contentsOf: buffer)
                builder.append(buffer)
            case .silence(let count):
                samples.append(contentsOf: repeatElement(0, count: count))
                builder.appendSilence(count: count)
            }
        }
        guard found else { return nil }
        return SpeechAudio(samples: samples, start: start, envelope: builder.envelope())
    }

    /// SHA-256 of `samples`' bytes, read in place.
    private static func digest(of samples: [Float]) -> String {
        samples.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0 else { return ContentHash.sha256(Data()) }
            return ContentHash.sha256(
                Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: bytes.count, deallocator: .none))
        }
    }

    /// Audio made of `samples` at `sampleRate` starting at `start` seconds (tests, other sources).
    public init(samples: [Float], start: Double, envelope: EnergyEnvelope? = nil, digest: String? = nil) {
        self.samples = samples
        self.start = start
        self.envelope =
            envelope
            ?? {
                var builder = EnergyEnvelopeBuilder(sampleRate: Int(Self.sampleRate), hop: 0.01, start: start)
                samples.withUnsafeBufferPointer { builder.append($0) }
                return builder.envelope()
            }()
        self.digest = digest ?? Self.digest(of: samples)
    }
}
