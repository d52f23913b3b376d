import Captions
import Foundation

/// What a recognizer writes where nobody speaks, found and taken out: a segment the engine
/// itself thinks is no speech (high no-speech probability with a low average log probability,
/// Whisper's own rule), a segment that repeats itself (a high compression ratio: "Thank you.
/// Thank you. ..."), one unsure word copied over and over ("Fuffa, fuuffa, fuuffa"), and a
/// segment with no voice in the audio under it. A sentence really said over and over
/// compresses as well as a loop, so a segment that repeats itself stays when its words were
/// heard: each lasts a word's length, they come no faster than speech, and there is voice under
/// them (a loop's words pile up at one instant, stretch over seconds, or lie over silence). A
/// word stretched over a long silence starts (or ends) where the voice does. Each drop is a
/// note, with its time.
public struct InventedSpeech: Sendable {
    /// Above this no-speech probability (with `lowLogProbability`), a segment is no speech. // 0...1
    public var noSpeechProbability = 0.6
    /// The average log probability below which an unlikely segment is dropped.
    public var lowLogProbability = -1.0
    /// Above this ratio of its text's length to its gzip-compressed length, a segment loops.
    public var loopingCompression = 2.4
    /// How far above the audio's noise floor a window holds voice. // dB
    public var voiceAboveFloor = 6.0
    /// The noise floor: this quantile of the window levels. // fraction, 0...1
    public var floorQuantile = 0.1
    /// A stretch without voice at least this long inside a word is a silence it must not span. // seconds
    public var longSilence = 1.0
    /// A segment with less than this share of voiced windows under its words was invented. // fraction
    public var leastVoiced = 0.05
    /// A segment that repeats itself was heard when at least this share of its words last a
    /// word's length (`shortestWord` to `longestWord`). // fraction
    public var leastSpokenWords = 0.85
    /// Shorter, a word's time has collapsed onto its neighbours' (Whisper's times step by 0.02 s). // seconds
    public var shortestWord = 0.01
    /// Longer, a word is stretched over more than a word of speech. // seconds
    public var longestWord = 1.0
    /// A segment that repeats itself was not spoken when its words come faster than this. // words per second
    public var fastestSpeech = 6.0
    /// A segment that repeats itself was not heard with less than this share of voiced windows
    /// under its words (speech in loud noise has about half). // fraction
    public var leastVoicedRepetition = 0.3
    /// A segment of one word said at least this many times, the first of them unsure, is a
    /// guess the engine copied (laughter heard as `Fuffa, fuuffa, fuuffa`).
    public var leastCopies = 3
    /// Below this probability the first of those words is a guess. // 0...1
    public var guessProbability = 0.5

    public init() {}

    /// `segments` without the invented ones and with no word over a long silence, and each
    /// segment dropped with why, in time order. `envelope` is the audio's (nil: only the
    /// engine's own figures count).
    public func filtered(_ segments: [RecognizedSegment], envelope: EnergyEnvelope?) -> (
        segments: [RecognizedSegment], dropped: [DroppedSegment]
    ) {
        let voice = envelope.map { Voice($0, above: voiceAboveFloor, floorQuantile: floorQuantile) }
        var kept: [RecognizedSegment] = []
        var dropped: [DroppedSegment] = []
        for segment in segments {
            if let reason = reason(toDrop: segment, voice: voice) {
                dropped.append(
                    DroppedSegment(
                        start: segment.start, end: segment.end,
                        text: segment.text.trimmingCharacters(in: .whitespacesAndNewlines), reason: reason))
                continue
            }
            kept.append(voice.map { trimmed(segment, voice: $0) } ?? segment)
        }
        return (kept, dropped)
    }

    /// Why `segment` is not speech, or nil when it is.
    private func reason(toDrop segment: RecognizedSegment, voice: Voice?) -> String? {
        if let noSpeech = segment.noSpeechProb, let logProbability = segment.avgLogprob, noSpeech > noSpeechProbability,
            logProbability < lowLogProbability
        {
            return String(format: "no speech (probability %.2f, average log probability %.2f)", noSpeech, logProbability)
        }
        if let ratio = segment.compressionRatio, ratio > loopingCompression {
            // The engine's ratio is that of its whole 30 s window: a loop anywhere in it marks
            // every segment of the window, and so does a sentence said again and again.
            let loop = String(format: "it repeats itself (compression ratio %.1f)", ratio)
            guard let voice else { return loop }
            if let doubt = unheardRepetition(segment, voice: voice) { return "\(loop), and \(doubt)" }
        }
        if let guess = copiedGuess(segment) { return guess }
        if let voice {
            let ranges = segment.words.isEmpty ? [(segment.start, segment.end)] : segment.words.map { ($0.start, $0.end) }
            let share = voice.voicedShare(ranges)
            if share < leastVoiced { return String(format: "no voice in the audio there (%.0f%% voiced)", share * 100) }
        }
        return nil
    }

    /// Why the words of `segment`, which repeats itself, were not heard said again, or nil when
    /// they were: each (nearly each) lasts a word's length, they come no faster than speech, and
    /// there is voice under them.
    private func unheardRepetition(_ segment: RecognizedSegment, voice: Voice) -> String? {
        let words = segment.words.filter { !$0.word.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        guard words.count >= 2, let first = words.first, let last = words.last else { return "it has no word times to tell" }
        let spoken = words.filter { $0.end - $0.start >= shortestWord && $0.end - $0.start <= longestWord }.count
        let share = Double(spoken) / Double(words.count)
        if share < leastSpokenWords {
            return String(format: "only %.0f%% of its words last %.2f–%.1f s", share * 100, shortestWord, longestWord)
        }
        let rate = Double(words.count) / max(last.end - first.start, shortestWord)
        if rate > fastestSpeech { return String(format: "its words come %.1f a second", rate) }
        let voiced = voice.voicedShare(words.map { ($0.start, $0.end) })
        if voiced < leastVoicedRepetition {
            return String(format: "only %.0f%% of the audio under its words is voiced", voiced * 100)
        }
        return nil
    }

    /// Why `segment` is one unsure word copied over and over, or nil: it has `leastCopies` words
    /// or more, all one word once case, punctuation and doubled letters are set aside, and the
    /// engine gave the first a probability below `guessProbability` (it grows surer of the
    /// copies only because it wrote the first). A word said again and again that was heard
    /// ("No, no, no") is sure from the first; laughter (`Ha, ha, ha`) is `SoundWords`' to drop or tag.
    private func copiedGuess(_ segment: RecognizedSegment) -> String? {
        let words = segment.words.filter { !Self.skeleton($0.word).isEmpty }
        guard words.count >= leastCopies, words.count == segment.words.count, let probability = words[0].probability,
            probability < guessProbability, Set(words.map { Self.skeleton($0.word) }).count == 1,
            !SoundWords().isLaughter(segment)
        else { return nil }
        return String(format: "one unsure word written %d times (the first %.2f probable)", words.count, probability)
    }

    /// `word`'s letters in lower case with each run of one letter kept once: `Fuuffa,` is `fufa`.
    static func skeleton(_ word: String) -> String {
        var letters = ""
        for character in word.lowercased() where character.isLetter && letters.last != character { letters.append(character) }
        return letters
    }

    /// `segment` with each word's long silence cut off its start or end, and its own times
    /// those of its first and last words.
    private func trimmed(_ segment: RecognizedSegment, voice: Voice) -> RecognizedSegment {
        guard !segment.words.isEmpty else { return segment }
        var segment = segment
        for index in segment.words.indices {
            let word = segment.words[index]
            guard let voiced = voice.voicedSpan(from: word.start, to: word.end, longSilence: longSilence) else { continue }
            segment.words[index].start = voiced.start
            segment.words[index].end = voiced.end
        }
        segment.start = segment.words.first!.start
        segment.end = max(segment.start, segment.words.last!.end)
        return segment
    }

}

/// A recognized segment taken out as invented: its times on the caption clock, its text and why.
public struct DroppedSegment: Sendable, Equatable {
    public var start: Double  // seconds
    public var end: Double  // seconds
    public var text: String
    public var reason: String

    /// `recognized speech 12.00–14.50 s: dropped "Thank you.": it repeats itself (...)`.
    public var description: String {
        let excerpt = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return String(format: "recognized speech %.2f–%.2f s: ", start, end) + "dropped \"\(excerpt)\": \(reason)"
    }
}

/// Where an envelope holds voice: windows at least some dB above its noise floor.
struct Voice {
    let envelope: EnergyEnvelope
    let threshold: Float  // RMS, linear

    init(_ envelope: EnergyEnvelope, above: Double, floorQuantile: Double) {
        self.envelope = envelope
        let levels = envelope.values.map { max($0, 1e-4) }.sorted()
        func quantile(_ q: Double) -> Float { levels.isEmpty ? 1e-4 : levels[min(levels.count - 1, Int(Double(levels.count) * q))] }
        // Audio as loud throughout (voice with no pause to measure the floor in) has its
        // floor below its loud part.
        let loud = quantile(0.9) * Float(pow(10, -(above + 4) / 20))
        let floor = min(quantile(floorQuantile), loud)
        threshold = floor * Float(pow(10, above / 20))
    }

    func isVoiced(_ index: Int) -> Bool { envelope.values[index] >= threshold }

    /// The share of voiced windows in `ranges` (seconds); 1 outside the envelope (nothing to say).
    func voicedShare(_ ranges: [(Double, Double)]) -> Double {
        var (voiced, all) = (0, 0)
        for (start, end) in ranges {
            for index in envelope.indices(from: start, to: max(end, start + envelope.hop)) {
                all += 1
                if isVoiced(index) { voiced += 1 }
            }
        }
        return all == 0 ? 1 : Double(voiced) / Double(all)
    }

    /// The part of `from..<to` without a stretch of `longSilence` seconds or more at its start
    /// or end; nil when there is none to cut (or no voice at all to keep).
    func voicedSpan(from start: Double, to end: Double, longSilence: Double) -> (start: Double, end: Double)? {
        let indices = envelope.indices(from: start, to: end)
        guard let first = indices.first(where: isVoiced), let last = indices.last(where: isVoiced) else { return nil }
        let lead = envelope.time(at: first) - start
        let tail = end - envelope.time(at: last + 1)
        guard lead >= longSilence || tail >= longSilence else { return nil }
        return (lead >= longSilence ? envelope.time(at: first) : start, tail >= longSilence ? envelope.time(at: last + 1) : end)
    }
}
