import Captions
import Speech

/// Forced alignment in the pipeline: a caption file's cues without word timings given the
/// times the recognizer heard their words at (`ForcedAligner`), for a look that shows words
/// one by one and for `transcribe --align`. The captions keep their own times: only their
/// words' times change, clamped inside each caption, so a cue's first and last frames stay.
enum WordAlignmentStep {
    /// The cues of `transcript` aligned to `speech`'s words, and what was aligned.
    static func aligned(_ transcript: Transcript, to speech: RecognizedSpeech, language: String?) -> ForcedAlignment {
        let words = speech.transcript.segments.flatMap(\.words)
        return ForcedAligner.align(transcript.segments, to: words, language: transcript.language ?? language)
    }

    /// `captions` (made from `transcript`'s cues, their words spread by length) with the
    /// aligned times of their words: each caption takes, in order, the words of the cue it
    /// comes from (by its place in the file). A caption whose words are not its cue's next
    /// words (joined with another cue, say) keeps its own. Where a cue was cut into pieces (a
    /// word limit, too much text), the pieces part where the speech does: each later piece
    /// starts at its first word's aligned start, inside the cue's time, keeping the gap before
    /// it and at least half a gap (a frame) for every piece.
    static func timed(_ captions: [Caption], by alignment: ForcedAlignment) -> [Caption] {
        let words = alignedWords(captions, by: alignment)
        var timed = captions
        for i in timed.indices.dropLast() {
            let (piece, next) = (timed[i], timed[i + 1])
            guard let cue = piece.cueTime, next.cueTime == cue, piece.source != nil, next.source == piece.source,
                let first = words[i + 1]?.first, !first.estimated
            else { continue }
            let gap = max(0, next.start - piece.end)
            let earliest = piece.start + 1.5 * gap
            let latest = min(next.end, cue.upperBound) - gap / 2
            guard earliest <= latest, gap > 0 else { continue }
            let start = min(max(first.start, earliest), latest)
            timed[i].end = start - gap
            timed[i + 1].start = start
        }
        for index in timed.indices {
            guard let taken = words[index] else { continue }
            var earliest = timed[index].start
            for (w, word) in zip(timed[index].words.indices, taken) {
                let start = min(max(word.start, earliest), timed[index].end)
                timed[index].words[w].start = start
                timed[index].words[w].end = min(max(word.end, start), timed[index].end)
                timed[index].words[w].estimated = word.estimated
                timed[index].words[w].confidence = word.confidence
                earliest = start
            }
        }
        return timed
    }

    /// The aligned words each caption takes from its cue, in order (nil: it keeps its own).
    private static func alignedWords(_ captions: [Caption], by alignment: ForcedAlignment) -> [[Word]?] {
        var byCue: [SourceLocation: ArraySlice<Word>] = [:]
        for segment in alignment.segments {
            guard let source = segment.source, segment.words.contains(where: { !$0.estimated }) else { continue }
            byCue[source] = segment.words[...]
        }
        return captions.map { caption in
            guard let source = caption.source, let pending = byCue[source], caption.words.allSatisfy(\.estimated),
                pending.count >= caption.words.count
            else { return nil }
            let taken = pending.prefix(caption.words.count)
            guard zip(taken, caption.words).allSatisfy({ $0.text == $1.text }) else { return nil }
            byCue[source] = pending.dropFirst(caption.words.count)
            return Array(taken)
        }
    }
}
