import Foundation
import Speech

/// The words' times widened to the sound they are said in. A recognizer's word times are
/// rough (Whisper's may end 0.1–0.3 s before the word's sound does, or start early into the
/// pause), and a cut placed by them alone would clip a word's tail or take a word's end for
/// a filler. Each word's start moves back and its end forward while the energy next to it
/// stays over the threshold (`over` dB over the bed around it, the median of what is not
/// speech within `SoundBed.around`: under that a tail is lost in the bed anyway; and no more than
/// `under` dB under the recording's speech), by at most `reach`; a stop's closure (up to
/// `closure` quiet windows) does not stop it. A word the recognizer stretched over silence
/// (Whisper runs a sentence's last word on into the pause after it) is narrowed to its sound:
/// an edge with `silentEdge` or more inside the word within `audibleOverBed` dB of the bed
/// (and `under` dB under the speech) moves onto the word's first or last sound over that.
/// Exact times (a corpus's truth, a forced alignment) sit on their sound and do not move.
enum WordExtents {
    /// How far a word's edge may move onto its sound. // seconds
    static let reach = 0.4
    /// The threshold over the bed. // decibels
    static let over = 10.0
    /// ... and under the speech: a word's sibilant tail is that quiet. // decibels
    static let under = 40.0
    /// A quiet stretch this long inside a word (a stop's closure: the p of "keeps") does not
    /// end it. // windows of the envelope (10 ms)
    static let closure = 4
    /// A word's quiet edge this long is silence the recognizer took into it, not a fading
    /// tail or a stop's closure. // seconds
    static let silentEdge = 0.15
    /// What is narrowed off must be this close to the bed, and the bed quiet (`SoundBed.isLoud`:
    /// under noise or music a word's sibilant tail is as loud as the bed, and the recognizer's
    /// end is the better guess). // decibels
    static let audibleOverBed = 3.0

    static func widened(_ words: [SpokenWord], envelope: EnergyEnvelope) -> [SpokenWord] {
        guard !words.isEmpty, !envelope.values.isEmpty else { return words }
        let levels = SoundBed(envelope: envelope, words: words)
        return words.map { word in
            let bed = levels.bed(from: word.start, to: word.end)
            let threshold = Float(levels.threshold(bed: bed, overBed: over, underSpeech: under))
            var widened = word
            widened.start = edge(from: word.start, step: -1, envelope: envelope, threshold: threshold)
            widened.end = max(widened.start, edge(from: word.end, step: 1, envelope: envelope, threshold: threshold))
            guard !levels.isLoud(bed: bed) else { return widened }
            let audible = Float(levels.threshold(bed: bed, overBed: audibleOverBed, underSpeech: under))
            if let sound = loudSpan(of: word, envelope: envelope, threshold: audible) {
                if widened.start == word.start, sound.start - word.start >= silentEdge { widened.start = sound.start }
                if widened.end == word.end, word.end - sound.end >= silentEdge { widened.end = sound.end }
            }
            return widened
        }
    }

    /// From the first loud window inside `word` to the end of its last (nil when none is).
    private static func loudSpan(of word: SpokenWord, envelope: EnergyEnvelope, threshold: Float) -> (start: Double, end: Double)? {
        guard let first = envelope.index(at: word.start + envelope.hop / 2),
              let last = envelope.index(at: word.end - envelope.hop / 2), first <= last else { return nil }
        let loud = (first...last).filter { envelope.values.indices.contains($0) && envelope.values[$0] >= threshold }
        guard let start = loud.first, let end = loud.last else { return nil }
        return (max(word.start, envelope.time(at: start)), min(word.end, envelope.time(at: end + 1)))
    }

    /// Where the sound next to `time` ends going `step` (-1: back, 1: forward) windows at a time.
    private static func edge(from time: Double, step: Int, envelope: EnergyEnvelope, threshold: Float) -> Double {
        guard let start = envelope.index(at: step < 0 ? time - envelope.hop / 2 : time + envelope.hop / 2) else { return time }
        let limit = Int((reach / envelope.hop).rounded())
        var last: Int?  // the farthest loud window found
        var quiet = 0
        var index = start
        for _ in 0..<limit {
            guard envelope.values.indices.contains(index) else { break }
            if envelope.values[index] >= threshold {
                last = index
                quiet = 0
            } else {
                quiet += 1
                if quiet > closure { break }
            }
            index += step
        }
        guard let last else { return time }
        let moved = step < 0 ? envelope.time(at: last) : envelope.time(at: last + 1)
        return step < 0 ? min(time, moved) : max(time, moved)
    }
}
