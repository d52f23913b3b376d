/// Turns a transcript into on-screen captions: one caption per segment, text on one
/// line, overlaps resolved so that at most one caption shows at a time.
public enum CaptionBuilder {
    /// Captions sorted by start; an earlier caption ends where the next one starts.
    /// `warnings` receives the transcript's notes, then one line if any overlap was resolved.
    public static func captions(from transcript: Transcript, warnings: inout [String]) -> [Caption] {
        warnings.append(contentsOf: transcript.notes)
        var captions = transcript.segments.compactMap { segment -> Caption? in
            let text = segment.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !text.isEmpty else { return nil }
            return Caption(
                text: text, start: segment.start, end: segment.end,
                language: segment.language ?? transcript.language, speaker: segment.speaker, words: segment.words)
        }
        // A stable sort keeps file order for captions that start together.
        captions = captions.enumerated().sorted {
            ($0.element.start, $0.offset) < ($1.element.start, $1.offset)
        }.map(\.element)
        var overlaps = 0
        for i in captions.indices.dropLast() where captions[i].end > captions[i + 1].start {
            captions[i].end = captions[i + 1].start
            overlaps += 1
        }
        let kept = captions.filter { $0.end > $0.start }
        if overlaps > 0 {
            warnings.append("\(overlaps) overlapping caption(s): each now ends where the next starts")
        }
        return kept
    }
}
