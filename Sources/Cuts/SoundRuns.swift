import Foundation
import Speech

/// Where the audio holds sound, measured on the audio and not on the words: runs of the
/// envelope's windows over the sound threshold (`overBed` dB over the bed around them, and no
/// more than `underSpeech` dB under the speech), a dip of up to `closure` windows bridged (a
/// stop's closure) and a blip shorter than `shortest` left out. A recognizer drops
/// words and times others where they were not said; what it leaves unaccounted for is still
/// sound, and a cut keeps it: a pause is shortened only inside its silence, and a cut of words
/// ends where unaccounted sound begins.
struct SoundRuns {
    /// The runs of sound, in time order. // seconds
    let runs: [(start: Double, end: Double)]
    /// The levels the runs stand out of.
    private let levels: SoundBed

    /// The threshold over the bed around a window. // decibels
    static let overBed = 7.0
    /// ... and under the speech: as loud as a word (a music bed's swells, 10 dB under the
    /// voice, are not; "the" in room noise 10 dB under the voice is). // decibels
    static let underSpeech = 12.0
    /// A quiet stretch this long inside a run does not end it. // windows of the envelope (10 ms)
    static let closure = 4
    /// A run shorter than this is a click or a swell, not a word. // seconds
    static let shortest = 0.1
    /// The bed is measured once per block of this length. // seconds
    static let block = 1.0

    init(levels: SoundBed) {
        let envelope = levels.envelope
        var thresholds: [Int: Float] = [:]
        func threshold(at index: Int) -> Float {
            let block = Int((envelope.time(at: index) / Self.block).rounded(.down))
            if let known = thresholds[block] { return known }
            let from = Double(block) * Self.block
            let value = Float(levels.threshold(from: from, to: from + Self.block, overBed: Self.overBed, underSpeech: Self.underSpeech))
            thresholds[block] = value
            return value
        }
        var runs: [(start: Double, end: Double)] = []
        var first: Int?
        var lastLoud = 0
        for index in envelope.values.indices {
            if envelope.values[index] >= threshold(at: index) {
                if first == nil { first = index }
                lastLoud = index
            } else if let start = first, index - lastLoud > Self.closure {
                runs.append((envelope.time(at: start), envelope.time(at: lastLoud + 1)))
                first = nil
            }
        }
        if let start = first { runs.append((envelope.time(at: start), envelope.time(at: lastLoud + 1))) }
        self.runs = runs.filter { $0.end - $0.start >= Self.shortest }
        self.levels = levels
    }

    /// Whether the bed around `time` is loud (`SoundBed.isLoud`).
    func isLoudBed(at time: Double) -> Bool { levels.isLoud(from: time, to: time) }

    /// The silent stretches between a word that ends at `from` and one that begins at `to`:
    /// what no run of sound near either word covers, in time order. A run that goes on from
    /// the first word is its tail (a recognizer ends words early, and a tail fades into the
    /// bed); a run that runs into the second word is left to that word's own start (a music
    /// bed swelling under it); a run further than `within` from both words' sound (through
    /// the runs between) is not speech (a swell of a music bed in a long pause).
    func silences(from: Double, to: Double, within: Double) -> [(start: Double, end: Double)] {
        let inside = runs.filter { $0.end > from && $0.start < to && $0.end < to }
        var near: [(start: Double, end: Double)] = []
        var edge = from
        for run in inside {
            guard run.start - edge < within else { break }
            near.append(run)
            edge = max(edge, run.end)
        }
        edge = to
        for run in inside.reversed() where !near.contains(where: { $0 == run }) {
            guard edge - run.end < within else { break }
            near.append(run)
            edge = min(edge, run.start)
        }
        var found: [(start: Double, end: Double)] = []
        var at = from
        for run in near.sorted(by: { $0.start < $1.start }) {
            if run.start > at { found.append((at, run.start)) }
            at = max(at, run.end)
        }
        if to > at { found.append((at, to)) }
        return found
    }

    /// Where the kept sound after a cut begins, between the end of what is taken out
    /// (`removed`) and the next kept word's start (`next`): at the first run of sound in
    /// between that lies nearer the kept word than what is taken out, and within `within` of
    /// it through the runs between (a word the recognizer dropped from the kept sentence),
    /// else at `next`. A run nearer what is taken out is taken with it (the last word of an
    /// abandoned take, dropped too); one far from both is not speech.
    func keptFrom(removed: Double, next: Double, within: Double) -> Double {
        let speech = soundBefore(next, within: within)
        var edge = removed
        for run in runs where run.start > removed && run.start < next {
            if run.start - edge < next - run.end {
                edge = run.end
            } else if run.start >= speech {
                return run.start
            }
        }
        return next
    }

    /// Where the kept sound before a cut ends, between the previous kept word's end
    /// (`previous`) and the start of what is taken out (`removed`): as `keptFrom`, mirrored.
    func keptUntil(previous: Double, removed: Double, within: Double) -> Double {
        let speech = soundAfter(previous, within: within)
        var edge = removed
        for run in runs.reversed() where run.end < removed && run.end > previous {
            if edge - run.end < run.start - previous {
                edge = run.start
            } else if run.end <= speech {
                return run.end
            }
        }
        return previous
    }

    /// Where the sound before a filler heard from `time` ends, no earlier than `previous` (a
    /// kept word's end): at the end of the last run between them, or at `time` when a run
    /// that began more than the filler's onset (`HeardFillers.onset`) before it holds it (a
    /// word's tail that runs into the filler: the "ts" of "boots" into an "um" under noise);
    /// a run that begins nearer is the filler's own onset, and one that begins further than
    /// `within` from the word is not its sound (a music bed's swell in a long pause). What
    /// lies between is kept: a heard filler takes only its own sound.
    func soundUntil(_ time: Double, after previous: Double, within: Double) -> Double {
        runs.filter { $0.start < time - HeardFillers.onset && $0.end > previous && $0.start - previous < within }
            .map { min($0.end, time) }.max().map { max($0, previous) } ?? previous
    }

    /// Where the sound after a filler heard until `time` begins: `soundUntil` mirrored.
    func soundFrom(_ time: Double, before next: Double, within: Double) -> Double {
        runs.filter { $0.end > time + HeardFillers.onset && $0.start < next && next - $0.end < within }
            .map { max($0.start, time) }.min().map { min($0, next) } ?? next
    }

    /// Where the sound said before a word that begins at `time` begins: the start of the runs
    /// of sound before it, each less than `within` from the next (a word the recognizer
    /// dropped, said before it); `time` when there are none. Sound further off is not speech
    /// of the take (a music bed's swell, a noise).
    func soundBefore(_ time: Double, within: Double) -> Double {
        var edge = time
        for run in runs.reversed() where run.end < edge && run.start > 0 {
            guard edge - run.end < within else { break }
            edge = run.start
        }
        return edge
    }

    /// Where the sound said after a word that ends at `time` ends: `soundBefore` mirrored.
    func soundAfter(_ time: Double, within: Double) -> Double {
        var edge = time
        for run in runs where run.start > edge {
            guard run.start - edge < within else { break }
            edge = run.end
        }
        return edge
    }
}
