import Foundation
import Speech

/// The levels a sound between words is judged against, worked out once for a set of words:
/// the speech's (the median energy inside the words) and the bed's around a stretch (the
/// median energy of what is not speech within `around` of it: silence, room noise or a music
/// bed). `WordExtents` widens words over what stands out of it, `HeardFillers` hears fillers
/// by it, and `SoundRuns` finds the runs of sound in it.
struct SoundBed {
    let envelope: EnergyEnvelope
    /// The median energy inside the words. // RMS, linear
    let speech: Double
    /// Whether each window of the envelope lies inside a word.
    private let speaking: [Bool]

    /// How far around a stretch the bed is measured. // seconds
    static let around = 4.0

    init(envelope: EnergyEnvelope, words: [SpokenWord]) {
        var speaking = [Bool](repeating: false, count: envelope.values.count)
        for word in words { for index in envelope.indices(from: word.start, to: word.end) { speaking[index] = true } }
        let inside = speaking.indices.filter { speaking[$0] }.map { envelope.values[$0] }.sorted()
        (self.envelope, self.speaking) = (envelope, speaking)
        speech = inside.isEmpty ? 0 : Double(inside[inside.count / 2])
    }

    /// The bed around `from..<to`: the median energy of what is not speech within `around`. // RMS, linear
    func bed(from: Double, to: Double) -> Double {
        let around = envelope.indices(from: from - Self.around, to: to + Self.around).filter { !speaking[$0] }
            .map { envelope.values[$0] }.sorted()
        return around.isEmpty ? 0 : Double(around[around.count / 2])
    }

    /// The level a sound in `from..<to` must reach: `overBed` dB over the bed there, and no more
    /// than `underSpeech` dB under the speech. // RMS, linear
    func threshold(from: Double, to: Double, overBed: Double, underSpeech: Double) -> Double {
        threshold(bed: bed(from: from, to: to), overBed: overBed, underSpeech: underSpeech)
    }

    /// The same over a `bed` already measured (`bed(from:to:)`). // RMS, linear
    func threshold(bed: Double, overBed: Double, underSpeech: Double) -> Double {
        max(bed * pow(10, overBed / 20), speech * pow(10, -underSpeech / 20), 1e-5)
    }

    /// Whether the bed around `from..<to` is within `loud` dB of the speech (pink noise at
    /// 10 dB, a music bed): a word's tail (the s of "levers") sinks under it before it ends.
    func isLoud(from: Double, to: Double) -> Bool { isLoud(bed: bed(from: from, to: to)) }

    /// The same of a `bed` already measured.
    func isLoud(bed: Double) -> Bool { bed > 0 && 20 * log10(speech / bed) < Self.loud }

    /// A bed this near the speech hides a word's tail. // decibels
    static let loud = 20.0
}
