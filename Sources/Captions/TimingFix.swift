/// Moves early phrase starts to where the speech begins (FoxTake): recognizers time words back
/// to back, so the first word after a pause absorbs the pause and the caption shows early.
public enum TimingFix {
    /// The latest a start may move to: this much before the first word's end. // seconds
    public static let margin = 0.05

    /// `captions` with each long first word (longer than `longWord` seconds) and its caption
    /// starting where the audio energy rises inside that word (see `OnsetDetector`), or at
    /// the word's end minus `fallback` seconds when no rise shows. A start only moves later,
    /// and never past the first word's end minus `margin`. Captions without words, or whose
    /// first word is short, are returned unchanged.
    public static func apply(
        _ captions: [Caption], envelope: EnergyEnvelope, longWord: Double = 0.35, fallback: Double = 0.2
    ) -> [Caption] {
        let detector = OnsetDetector()
        return captions.map { caption in
            guard let word = caption.words.first, word.end - word.start > longWord else { return caption }
            let latest = word.end - margin
            let onset = detector.onset(in: envelope, from: word.start, to: word.end) ?? word.end - fallback
            let start = min(max(onset, word.start), latest)
            guard start > word.start, start < caption.end else { return caption }
            var fixed = caption
            fixed.words[0].start = start
            fixed.start = max(caption.start, start)
            return fixed
        }
    }
}
