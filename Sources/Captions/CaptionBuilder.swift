/// The Captions stage in order: timed tokens from each segment, the script's punctuation and
/// form (when a script is given), on-screen captions within the limits, presentable times,
/// and at most one caption at a time.
public enum CaptionBuilder {
    /// Captions sorted by start; `warnings` receives the transcript's notes (what a reader left
    /// out), then a line for anything this stage had to change.
    public static func captions(
        from transcript: Transcript, limits: ChunkingLimits = ChunkingLimits(), script: String? = nil,
        aligner: ScriptAligner? = nil, warnings: inout [String]
    ) -> [Caption] {
        warnings.append(contentsOf: transcript.notes)
        // A stable sort keeps file order for segments that start together.
        let segments = transcript.segments.enumerated().sorted {
            ($0.element.start, $0.offset) < ($1.element.start, $1.offset)
        }.map(\.element)
        var tokens = segments.map(TimedToken.tokens(of:))
        if let script, !script[...].trimmingWhitespace().isEmpty {
            tokens = (aligner ?? ScriptAligner()).align(tokens, script: script)
        }
        var captions: [Caption] = []
        for (segment, segmentTokens) in zip(segments, tokens) {
            captions += CaptionChunker.captions(
                segmentTokens, limits: limits, language: segment.language ?? transcript.language,
                speaker: segment.speaker)
        }
        captions = resolveOverlaps(captions, warnings: &warnings)
        return CaptionChunker.adjustTimes(captions, limits: limits)
    }

    /// An earlier caption ends where the next one starts; empty ones go; one warning.
    public static func resolveOverlaps(_ captions: [Caption], warnings: inout [String]) -> [Caption] {
        var result = captions
        var overlaps = 0
        for i in result.indices.dropLast() where result[i].end > result[i + 1].start {
            result[i].end = result[i + 1].start
            result[i].words = result[i].words.filter { $0.start < result[i].end }.map { word in
                var clipped = word
                clipped.end = min(word.end, result[i].end)
                return clipped
            }
            overlaps += 1
        }
        if overlaps > 0 {
            warnings.append("\(overlaps) overlapping caption(s): each now ends where the next starts")
        }
        return result.filter { $0.end > $0.start }
    }
}
