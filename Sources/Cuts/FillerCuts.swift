import Foundation
import Speech

/// Fillers: the words of the language's filler list the recognizer wrote, what it writes for
/// a hesitation (`misheard`: Whisper's "a" for an "uh") where the sound under it is held as a
/// hesitation's, lexical fillers set off by commas when asked for, and the hesitations it did
/// not write (Whisper leaves out most "um"s) heard in the audio as a sustained sound between
/// two words (`HeardFillers`), or found held where `MisplacedWords` moved a word off it
/// (`moved`; a word moved onto its own sound is never misheard). `listener` tells a held
/// sound (`HeardFillers.isHeld`, measured on the envelope alone).
enum FillerCuts {
    static func find(
        _ words: [SpokenWord], envelope: EnergyEnvelope?, sound: SoundRuns?, listener: HeardFillers?, moved: MisplacedWords.Moved?,
        settings: CutSettings, lists: FillerWords.Language
    ) -> [RemovedSpeech] {
        let misheard = { (word: SpokenWord) in
            guard lists.misheard.contains(word.key), moved?.indices.contains(word.index) != true, let listener, let sound else { return false }
            return listener.isHeld(word, sound: sound)
        }
        var found = words.filter { FillerWords.isFiller($0.key, in: lists) || misheard($0) }.map {
            RemovedSpeech([$0.index], of: words, reason: .filler)
        }
        if settings.kinds.contains(.lexical) { found += lexical(words, phrases: lists.lexical) }
        let written = Set(found.flatMap(\.words))
        if let envelope {
            let speaking = words.filter { !written.contains($0.index) }
            found += HeardFillers(envelope: envelope, words: speaking).find()
            // A held sound a word was moved off, as long as a heard one, with no word on it now
            // and not heard again.
            for held in moved?.held ?? [] where held.end - held.start >= HeardFillers.shortest
                && !found.contains(where: { $0.start < held.end && $0.end > held.start })
                && !words.contains(where: { $0.start < held.end && $0.end > held.start })
            {
                found.append(RemovedSpeech(heard: held.start, end: held.end, reason: .filler))
            }
        }
        return found.sorted { $0.start < $1.start }
    }

    /// Lexical fillers ("you know") that stand apart: after a comma or a sentence's start,
    /// and followed by a comma.
    private static func lexical(_ words: [SpokenWord], phrases: [String]) -> [RemovedSpeech] {
        var found: [RemovedSpeech] = []
        for phrase in phrases {
            let keys = phrase.split(separator: " ").map(String.init)
            guard !keys.isEmpty, words.count >= keys.count else { continue }
            for i in 0...(words.count - keys.count) where words[i..<(i + keys.count)].map(\.key) == keys {
                let last = words[i + keys.count - 1]
                let before = i == 0 || words[i - 1].text.hasSuffix(",") || words[i - 1].endsSentence
                guard before, last.text.hasSuffix(",") else { continue }
                found.append(RemovedSpeech(Array(i..<(i + keys.count)).map { words[$0].index }, of: words, reason: .filler))
            }
        }
        return found
    }
}

/// Hesitations heard where no word was recognized: in a gap between two words, a stretch at
/// least `shortest` long whose energy stays over the threshold and is steady, as a held vowel
/// or hum is (its level in decibels varies by no more than `steadiness`). The threshold is
/// `overBed` over the bed around the gap (the median level of what is not speech within
/// `SoundBed.around` of it: silence, room noise, a music bed, whose swells stay under it), and no
/// more than 20 dB under the recording's speech. A breath is too quiet; a cough is shorter.
struct HeardFillers {
    let words: [SpokenWord]
    /// The speech's level and the bed around each gap, worked out once.
    let levels: SoundBed
    private var envelope: EnergyEnvelope { levels.envelope }

    init(envelope: EnergyEnvelope, words: [SpokenWord]) {
        self.init(levels: SoundBed(envelope: envelope, words: words), words: words)
    }

    /// Listens between `words` against `levels` already worked out for them.
    init(levels: SoundBed, words: [SpokenWord]) {
        (self.levels, self.words) = (levels, words)
    }

    /// A filler lasts at least this (a short "uh" is 0.2 s). // seconds
    static let shortest = 0.16
    /// ... and at most this; longer is something else. // seconds
    static let longest = 1.6
    /// A held sound's level varies this little (standard deviation). // decibels
    static let steadiness = 6.0
    /// How much of a filler's sound may follow its held part: its release, the "m" of an
    /// "um". // seconds
    static let release = 0.3
    /// ... and precede it: its onset. // seconds
    static let onset = 0.1
    /// The gap's edges next to a word are left alone: a word's own tail or breath. // seconds
    static let margin = 0.04
    /// A filler stands this far over the bed around it. // decibels
    static let overBed = 7.0

    func find() -> [RemovedSpeech] {
        guard !envelope.values.isEmpty, words.count >= 1 else { return [] }
        var found: [RemovedSpeech] = []
        // A gap beside a word timed too short to be said is where that word's sound went; one
        // after a word timed far too long is where the next word's went (the recognizer
        // stretched a word over a filler and put the next word's time after its sound).
        let astray = words.indices.map { index in
            isAstray(words[index], speech: levels.speech) || (index > 0 && isOnSound(of: words[index - 1], words[index]))
        }
        let bounds = [(0.0, words[0].start, astray[0])]
            + words.indices.dropLast().map { (words[$0].end, words[$0 + 1].start, astray[$0] || words[$0].isStretched || astray[$0 + 1]) }
        for (from, to, squashed) in bounds where !squashed && to - from >= Self.shortest + 2 * Self.margin {
            let threshold = levels.threshold(from: from, to: to, overBed: Self.overBed, underSpeech: 20)
            for run in runs(from: from + Self.margin, to: to - Self.margin, over: threshold) {
                let held = heldPart(of: run)
                guard held.end - held.start >= Self.shortest, isSteady(held) else { continue }
                found.append(RemovedSpeech(heard: held.start, end: held.end, reason: .filler))
            }
        }
        return found
    }

    /// A word timed where it was not said: too short to be said, or over silence (most of its
    /// windows under a hundredth of the speech's level).
    private func isAstray(_ word: SpokenWord, speech: Double) -> Bool {
        if word.isSquashed { return !startsOnOnset(word) }
        let windows = envelope.indices(from: word.saidStart, to: word.saidEnd)
        guard !windows.isEmpty else { return false }
        let floor = Float(speech / 100)
        return 10 * windows.filter { envelope.values[$0] >= floor }.count < 3 * windows.count
    }

    /// Whether a squashed word starts where a sound starts (Whisper's "salt," in 80 ms at the
    /// onset of its sound): quiet for `onsetQuiet` before its start, sound within `near` after
    /// it. Its sound is then where it starts, not in the gap before it.
    private func startsOnOnset(_ word: SpokenWord) -> Bool {
        let threshold = levels.threshold(from: word.saidStart, to: word.saidStart, overBed: Self.overBed, underSpeech: 20)
        let before = envelope.indices(from: word.saidStart - Self.onsetQuiet, to: word.saidStart - Self.near)
        let after = envelope.indices(from: word.saidStart - Self.near, to: word.saidStart + Self.near)
        guard !before.isEmpty, !after.isEmpty else { return false }
        return before.allSatisfy { Double(envelope.values[$0]) < threshold } && after.contains { Double(envelope.values[$0]) >= threshold }
    }

    /// How long a sound's onset is quiet before it. // seconds
    static let onsetQuiet = 0.12
    /// How near a word's start its sound's onset lies. // seconds
    static let near = 0.04

    /// Whether the recognizer timed `word` inside the sound of the word before it (Whisper's
    /// "Let" on the tail of "minutes.", 1.6 s before it was said): the next sound without a
    /// word is then most likely its own.
    private func isOnSound(of previous: SpokenWord, _ word: SpokenWord) -> Bool {
        word.saidStart < previous.end - Self.overlap && word.saidStart >= previous.saidEnd
    }

    /// How far into the word before it a word may start and still be where it was said: the
    /// two words' sounds run together. // seconds
    static let overlap = 0.05

    /// Stretches of `from..<to` over `threshold`, a single window's dip bridged, `shortest` to `longest` long.
    private func runs(from: Double, to: Double, over threshold: Double) -> [(start: Double, end: Double)] {
        let windows = envelope.indices(from: from, to: to)
        var found: [(start: Double, end: Double)] = []
        var first: Int?
        var lastLoud = 0
        for index in windows {
            if Double(envelope.values[index]) >= threshold {
                if first == nil { first = index }
                lastLoud = index
            } else if let start = first, index - lastLoud > 1 {
                found.append((envelope.time(at: start), envelope.time(at: lastLoud + 1)))
                first = nil
            }
        }
        if let start = first { found.append((envelope.time(at: start), envelope.time(at: lastLoud + 1))) }
        return found.filter { $0.end - $0.start >= Self.shortest && $0.end - $0.start <= Self.longest }
    }

    /// Whether `word` is said on a held sound: the run of sound under its middle (`sound`),
    /// without its changing ends, at least `heldWord` long and steady.
    func isHeld(_ word: SpokenWord, sound: SoundRuns) -> Bool {
        let middle = (word.saidStart + word.saidEnd) / 2
        guard let run = sound.runs.first(where: { $0.start <= middle && $0.end > middle }) else { return false }
        let held = heldPart(of: run)
        return held.end - held.start >= Self.heldWord && isSteady(held)
    }

    /// A word's held sound this long is a hesitation's: an article said slowly ("a", 0.26 s
    /// in the corpus's slow voice, its held part 0.13–0.26 s) is shorter, Whisper's "a" for an
    /// "uh" held 0.31 s, its "M" for an "ummm" 0.36–0.67 s. // seconds
    static let heldWord = 0.3

    /// Whether `run` is held as a hesitation is (a vowel or a hum), not a word's sounds: its
    /// level steady and, where the envelope measured it, its spectrum's shape too.
    func isSteady(_ run: (start: Double, end: Double)) -> Bool {
        isLevel(run) && (holdsShape(run) ?? true)
    }

    /// A held sound's spectrum changes this little (the median of the envelope's shape change
    /// over it, its slopes left out): an "uh" or "um" of the corpus stays under 1.4 dB in
    /// clean speech and under pink noise, a word of 0.25 s or more is over 1.5 dB in 95 of
    /// 100 (docs/CUTS.md). // decibels
    static let heldShape: Float = 1.5

    /// `run` without the changing sound at either end where the envelope measured the
    /// spectrum's shape: a word's tail that runs into a hesitation (the "ts" of "boots" into
    /// an "um" under noise) is the word's, and a cut there would take it.
    func heldPart(of run: (start: Double, end: Double)) -> (start: Double, end: Double) {
        guard !envelope.shapeChange.isEmpty else { return run }
        let windows = envelope.indices(from: run.start, to: run.end)
        let changing = { (index: Int) in envelope.shapeChange[index] > 2 * Self.heldShape }
        guard let first = windows.first(where: { !changing($0) }), let last = windows.last(where: { !changing($0) }),
            first < last
        else { return run }
        return (max(run.start, envelope.time(at: first)), min(run.end, envelope.time(at: last + 1)))
    }

    /// Whether the spectrum's shape holds over `run`; nil when the envelope has no shape.
    func holdsShape(_ run: (start: Double, end: Double)) -> Bool? {
        guard !envelope.shapeChange.isEmpty else { return nil }
        let windows = envelope.indices(from: run.start, to: run.end)
        let held = windows.count > 10 ? windows.dropFirst(3).dropLast(3) : windows[...]
        guard !held.isEmpty else { return nil }
        let changes = held.map { envelope.shapeChange[$0] }.sorted()
        return changes[changes.count / 2] <= Self.heldShape
    }

    /// Whether the level over `run` is held (a vowel or a hum), not a word's jumps.
    private func isLevel(_ run: (start: Double, end: Double)) -> Bool {
        let levels = envelope.indices(from: run.start, to: run.end).map { 20 * log10(max(Double(envelope.values[$0]), 1e-9)) }
        // The onset and the release are a held sound's slopes: measure between them.
        let held = levels.count > 6 ? Array(levels.dropFirst(2).dropLast(2)) : levels
        let mean = held.reduce(0, +) / Double(held.count)
        let variance = held.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(held.count)
        return variance.squareRoot() <= Self.steadiness
    }
}

extension SpokenWord {
    /// The recognizer timed it shorter than a word of its letters can be said (Whisper's
    /// "pinched" in 50 ms, half a second after the word): its times are not where it was said.
    var isSquashed: Bool { said < min(0.12, 0.025 * Double(key.count)) }

    /// The recognizer timed it far longer than a word of its letters is said ("to" over 0.6 s):
    /// its time holds something more.
    var isStretched: Bool { isStretched(by: 1) }

    /// Whether it was timed `factor` times longer than a stretched word of its letters.
    func isStretched(by factor: Double) -> Bool { said > factor * (0.3 + 0.1 * Double(key.count)) }
}
