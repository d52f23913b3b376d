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
    /// words (joined with another cue, say) keeps its own.
    static func timed(_ captions: [Caption], by alignment: ForcedAlignment) -> [Caption] {
        var byCue: [SourceLocation: ArraySlice<Word>] = [:]
        for segment in alignment.segments {
            guard let source = segment.source, segment.words.contains(where: { !$0.estimated }) else { continue }
            byCue[source] = segment.words[...]
        }
        return captions.map { caption in
            guard let source = caption.source, let pending = byCue[source], caption.words.allSatisfy(\.estimated),
                pending.count >= caption.words.count
            else { return caption }
            let taken = pending.prefix(caption.words.count)
            guard zip(taken, caption.words).allSatisfy({ $0.text == $1.text }) else { return caption }
            byCue[source] = pending.dropFirst(caption.words.count)
            var timed = caption
            var earliest = caption.start
            for (index, word) in zip(caption.words.indices, taken) {
                let start = min(max(word.start, earliest), caption.end)
                timed.words[index].start = start
                timed.words[index].end = min(max(word.end, start), caption.end)
                timed.words[index].estimated = word.estimated
                timed.words[index].confidence = word.confidence
                earliest = start
            }
            return timed
        }
    }
}
