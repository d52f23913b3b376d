import Captions
import Foundation

/// Recognized word starts moved onto the voice: Whisper's word times come from its attention
/// and run early or late by a tenth of a second or more. Near each word's start, where the
/// audio's level rises sharply out of a dip (the gap before a word, a stop consonant), that
/// rise is where the word starts; a long word whose voice only rises well after its start
/// absorbed a pause, and starts at that rise. A word with no such rise nearby (connected
/// speech, music under it) keeps its time. Words stay in order, and each keeps a little length.
public struct WordOnsets: Sendable {
    /// How far before and after the recognizer's start a rise is looked for: its starts run
    /// early more than late (measured on our test speech, docs/RECOGNIZER.md). // seconds
    public var searchBefore = 0.15
    public var searchAfter = 0.45
    /// Where the rise is expected, after the recognizer's start. // seconds
    public var expectedDelay = 0.1
    /// The least rise from the dip to the level after it. // dB
    public var minimumRise = 8.0
    /// How much audio before and after a candidate the dip and the level are taken from. // seconds
    public var span = 0.05
    /// What each second away from where the rise is expected costs a candidate. // dB per second
    public var distanceCost = 20.0
    /// The least a word lasts after its start is moved. // seconds
    public var shortestWord = 0.04
    /// A word longer than this may have absorbed the pause before it (Whisper starts a word
    /// where the one before ended, most of all across its 30 s windows): where the voice
    /// rises inside it more than `absorbedPause` after its start, the word starts there
    /// (`OnsetDetector`, as the timing fix moves a caption's first word). // seconds
    public var longWord = 0.35
    public var absorbedPause = 0.2
    /// Finds where the voice rises inside a long word. Such a word often begins on the last
    /// few hundredths of a second of the word before (a window or two of quiet at a word
    /// boundary, then its fading end): that still counts as loud from the start
    /// (`loudWithin`), so the rise sought is the one after the pause.
    public var onsets: OnsetDetector = {
        var detector = OnsetDetector()
        detector.loudWithin = 0.05
        return detector
    }()

    public init() {}

    /// `words` (in time order) with their starts on the rises of `envelope`.
    public func refined(_ words: [Word], envelope: EnergyEnvelope) -> [Word] {
        guard envelope.values.count > 2 else { return words }
        let levels = envelope.values.map { 20 * log10(Double(max($0, 1e-5))) }
        let reach = max(1, Int((span / envelope.hop).rounded()))
        var result = words
        for index in result.indices {
            let word = result[index]
            if word.end - word.start > longWord, let onset = onsets.onset(in: envelope, from: word.start, to: word.end),
                onset > word.start + absorbedPause
            {
                result[index].start = min(onset, word.end - max(shortestWord, TimingFix.margin))
                continue
            }
            let earliest = max(word.start - searchBefore, index > 0 ? result[index - 1].start + shortestWord : -.infinity)
            let latest = min(word.start + searchAfter, word.end - shortestWord, index + 1 < result.count ? result[index + 1].start : .infinity)
            guard latest > earliest else { continue }
            var best: (index: Int, score: Double)?
            for window in envelope.indices(from: earliest, to: latest) where window >= reach && window + reach <= levels.count {
                let dip = levels[(window - reach)..<window].min()!
                let level = levels[window..<(window + reach)].max()!
                let rise = level - dip
                // The rise starts here: this window is the first one above the dip's level.
                guard rise >= minimumRise, levels[window] > levels[window - 1] + 1, levels[window - 1] <= dip + 3 else { continue }
                let score = rise - distanceCost * abs(envelope.time(at: window) - word.start - expectedDelay)
                if best == nil || score > best!.score { best = (window, score) }
            }
            guard let found = best else { continue }
            let start = envelope.time(at: found.index)
            result[index].start = start
            if index > 0, result[index - 1].end > start { result[index - 1].end = max(result[index - 1].start, start) }
        }
        return result
    }
}
