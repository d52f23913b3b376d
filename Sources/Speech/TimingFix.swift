import Captions

/// Moves early phrase starts to where the speech begins (FoxTake): recognizers time words back
/// to back, so the first word after a pause absorbs the pause and the caption shows early.
public enum TimingFix {
    /// The latest a start may move to: this much before the first word's end. // seconds
    public static let margin = 0.05

    /// `captions` with each long first word (longer than `longWord` seconds) and its caption
    /// starting where the audio energy rises inside that word (see `OnsetDetector`). Only
    /// measured word timings are trusted to have absorbed a pause: a caption whose first word
    /// is `estimated` (spread over a hand-timed cue) keeps its start. A start only moves later,
    /// and never past the first word's end minus `margin`, the caption's end, the audio's end
    /// (the envelope's) or `mediaEnd` (the video's end, seconds). Where the audio shows no
    /// clear rise (silence, a steady tone or music bed) the start stays where it is.
    public static func apply(
        _ captions: [Caption], envelope: EnergyEnvelope, mediaEnd: Double? = nil, longWord: Double = 0.35,
        detector: OnsetDetector = OnsetDetector()
    ) -> [Caption] {
        let end = min(envelope.end, mediaEnd ?? .infinity)
        return captions.map { caption in
            guard let word = caption.words.first, !word.estimated, word.end - word.start > longWord,
                let onset = detector.onset(in: envelope, from: word.start, to: word.end)
            else { return caption }
            let start = min(onset, word.end - margin)
            guard start > word.start, start < caption.end, start < end else { return caption }
            var fixed = caption
            fixed.words[0].start = start
            fixed.start = max(caption.start, start)
            return fixed
        }
    }
}
