/// The Captions stage in order: timed tokens from each segment, the script's punctuation and
/// form (when a script is given), lanes for cues meant to share the screen, on-screen captions
/// within the limits, in time order, starts fixed (the caller's timing fix), at most one
/// caption at a time in each lane, presentable times, times moved to shot changes (when
/// given).
public enum CaptionBuilder {
    /// A caption shorter than this after an overlap is cut joins the next one instead. // seconds
    static let shortestAfterCut = 0.3

    /// Captions sorted by start (then lane); `warnings` receives a line for anything this stage
    /// had to change (the transcript's own notes are the caller's to show). `language` is used
    /// for segments and transcripts that name none; `fixStarts` runs on the chunked captions
    /// before their times are settled; `fit`, when given, is the layout's answer for a
    /// candidate caption (see `CaptionSegmenter`).
    public static func captions(
        from transcript: Transcript, limits: ChunkingLimits = ChunkingLimits(), script: String? = nil,
        aligner: ScriptAligner? = nil, language: String? = nil, fixStarts: (([Caption]) -> [Caption])? = nil,
        shotChanges: ShotChanges? = nil, fit: CaptionFit? = nil, warnings: inout [String]
    ) -> [Caption] {
        var tokens = transcript.segments.map(TimedToken.tokens(of:))
        if let script, !script[...].trimmingWhitespace().isEmpty {
            tokens = (aligner ?? ScriptAligner()).align(tokens, script: script)
        }
        let lanes = CaptionLanes.lanes(transcript.segments)
        var captions: [Caption] = []
        for (index, (segment, segmentTokens)) in zip(transcript.segments, tokens).enumerated() {
            captions += CaptionChunker.captions(
                segmentTokens, limits: limits, language: segment.language ?? transcript.language ?? language,
                speaker: segment.speaker, source: segment.source, position: segment.position, lane: lanes[index], fit: fit)
        }
        // Pieces of a long segment can reach past the next segment's start: sort them all.
        captions = sortedByStart(captions)
        if let fixStarts { captions = fixStarts(captions) }
        // Each lane on its own: overlaps in it resolved, then presentable times.
        var settled: [Caption] = []
        var cut = 0
        var joined = 0
        var delayed = 0
        for (_, inLane) in Dictionary(grouping: captions, by: \.lane).sorted(by: { $0.key < $1.key }) {
            let resolved = resolveOverlaps(inLane)
            cut += resolved.cut
            joined += resolved.joined
            delayed += resolved.delayed
            settled += CaptionChunker.adjustTimes(resolved.captions, limits: limits)
        }
        if cut > 0 { warnings.append("\(cut) overlapping caption(s): each now ends where the next starts") }
        if joined > 0 { warnings.append("\(joined) caption(s) starting with the one before were joined to it") }
        if delayed > 0 {
            warnings.append(
                "\(delayed) caption(s) of another speaker starting with the one before now start "
                    + "\(shortestAfterCut) s after it (two speakers never share a caption)")
        }
        settled = sortedByStart(settled)
        if let shotChanges { settled = ShotSnapper.snapped(settled, to: shotChanges, limits: limits) }
        return settled
    }

    /// `captions` by start, then lane, then their order (stable).
    private static func sortedByStart(_ captions: [Caption]) -> [Caption] {
        captions.enumerated()
            .sorted { ($0.element.start, $0.element.lane, $0.offset) < ($1.element.start, $1.element.lane, $1.offset) }
            .map(\.element)
    }

    /// At most one caption at a time (of one lane), no text lost: an earlier caption ends where
    /// the next one starts, or, when that would leave it shorter than `shortestAfterCut`, joins
    /// it. A caption without length that starts with the next one joins it too (it could never
    /// be shown). Two speakers never share a caption: instead of joining, the later one starts
    /// `shortestAfterCut` after the earlier. Returns how many were cut, joined and delayed.
    static func resolveOverlaps(_ captions: [Caption]) -> (captions: [Caption], cut: Int, joined: Int, delayed: Int) {
        var result: [Caption] = []
        var cut = 0
        var joined = 0
        var delayed = 0
        for caption in captions {
            guard var last = result.last, last.end > caption.start || last.start == caption.start else {
                result.append(caption)
                continue
            }
            if caption.start - last.start >= shortestAfterCut {
                last.changes.append(
                    CaptionChange(.trimmed, "ends at \(caption.start.seconds) where the next caption starts, instead of \(last.end.seconds)"))
                last.end = caption.start
                result[result.count - 1] = CaptionChunker.clippingWords(last)
                result.append(caption)
                cut += 1
            } else if last.speaker != caption.speaker {
                var later = caption
                later.start = last.start + shortestAfterCut
                later.changes.append(
                    CaptionChange(.delayed, "starts at \(later.start.seconds), after another speaker's caption, instead of \(caption.start.seconds)"))
                later.end = max(caption.end, later.start + shortestAfterCut)
                last.end = later.start
                result[result.count - 1] = CaptionChunker.clippingWords(last)
                result.append(CaptionChunker.clippingWords(later))
                delayed += 1
            } else {
                result[result.count - 1] = join(last, caption)
                joined += 1
            }
        }
        return (result, cut, joined, delayed)
    }

    /// Two captions of one speaker shown as one: texts and words in order (the first's, then the second's:
    /// never mixed word by word), the earlier start, the later end (and, for a piece of a
    /// hand-timed cue, the cue times of both).
    static func join(_ first: Caption, _ second: Caption) -> Caption {
        var joined = first
        let cjk = first.text.last.map(Tokenizer.isCJK) == true && second.text.first.map(Tokenizer.isCJK) == true
        joined.text = first.text + (cjk ? "" : " ") + second.text
        joined.end = max(first.end, second.end)
        joined.words = first.words + second.words
        // A piece of a hand-timed cue stays inside its cue's time, now with the other's too.
        if first.cueTime != nil || second.cueTime != nil {
            let times = [first.cueTime ?? first.start...first.end, second.cueTime ?? second.start...second.end]
            joined.cueTime = min(times[0].lowerBound, times[1].lowerBound)...max(times[0].upperBound, times[1].upperBound)
        }
        let place = second.source.map { $0.line.map { "line \($0)" } ?? $0.field ?? "" } ?? ""
        joined.changes += [CaptionChange(.merged, "joined with the caption starting with it\(place.isEmpty ? "" : " (\(place))")")] + second.changes
        if first.language != second.language { joined.language = first.language ?? second.language }
        return joined
    }
}
