import Speech

/// Turns what is taken out into spans of the input: between two kept words, everything
/// removed goes in one cut, whose edges lie halfway into the silence on each side (each
/// side counted up to the kept pause: 0.3 s; 0.5 s after a full stop); a silence between two kept words
/// longer than `maxPause` is shortened to the kept pause (unless the picture moves there:
/// `CutPlanner` asks);
/// before the first kept word and after the last, `edgePause` is kept. The kept silence is
/// kept about the join. A span longer than `longCut` is flagged, not cut.
struct CutSpans {
    let words: [SpokenWord]
    let settings: CutSettings
    /// The input's length. // seconds
    let duration: Double

    /// A span with the kept words on either side (nil at the input's head or tail).
    struct Span {
        var cut: Cut
        var before: SpokenWord?
        var after: SpokenWord?
        /// A silence only, nothing said taken out: kept when the picture moves there.
        var silenceOnly = false
    }

    func spans(removing removed: [RemovedSpeech]) -> [Span] {
        let gone = Set(removed.flatMap(\.words))
        let kept = words.filter { !gone.contains($0.index) }
        let sorted = removed.sorted { $0.start < $1.start }
        guard !kept.isEmpty else { return [] }
        var spans: [Span] = []
        var next = 0  // the first item not yet placed
        func items(before time: Double) -> [RemovedSpeech] {
            var taken: [RemovedSpeech] = []
            while next < sorted.count, sorted[next].start < time {
                taken.append(sorted[next])
                next += 1
            }
            return taken
        }
        let head = items(before: kept[0].start)
        if let span = edge(from: 0, to: kept[0].start - settings.edgePause, items: head, after: kept[0]) { spans.append(span) }
        for (a, b) in zip(kept, kept.dropFirst()) {
            if let span = between(a, b, items: items(before: b.start)) { spans.append(span) }
        }
        let tail = items(before: Double.infinity)
        if let last = kept.last, let span = edge(from: last.end + settings.edgePause, to: duration, items: tail, before: last) {
            spans.append(span)
        }
        return spans
    }

    /// The span between kept words `a` and `b`, taking out `items`.
    private func between(_ a: SpokenWord, _ b: SpokenWord, items: [RemovedSpeech]) -> Span? {
        let gap = b.start - a.end
        let kept = settings.keptPause(after: a.text)
        if items.isEmpty {
            guard settings.kinds.contains(.pauses), gap > settings.maxPause else { return nil }
            let cut = Cut(start: a.end + kept / 2, end: b.start - kept / 2, reason: .pause)
            return Span(cut: cut, before: a, after: b, silenceOnly: true)
        }
        // Each edge lies in the middle of what is kept of the silence on its side: clear of
        // the kept word and of the sound taken out.
        let before = min(max(0, items[0].start - a.end), kept)
        let after = min(max(0, b.start - items.map(\.end).max()!), kept)
        let start = a.end + before / 2
        let end = b.start - after / 2
        guard end > start else { return nil }
        return Span(cut: cut(start, end, items), before: a, after: b)
    }

    /// The head (to the first kept word) or the tail (from the last) of the input.
    private func edge(
        from start: Double, to end: Double, items: [RemovedSpeech], before: SpokenWord? = nil, after: SpokenWord? = nil
    ) -> Span? {
        guard end > start else { return nil }
        guard !items.isEmpty || settings.kinds.contains(.pauses) else { return nil }
        let cut = items.isEmpty ? Cut(start: start, end: end, reason: .pause) : cut(start, end, items)
        return Span(cut: cut, before: before, after: after, silenceOnly: items.isEmpty)
    }

    /// One cut of `items`, named by the weightiest reason among them.
    private func cut(_ start: Double, _ end: Double, _ items: [RemovedSpeech]) -> Cut {
        let main = items.max { $0.reason < $1.reason }!
        let texts = items.filter { $0.reason == main.reason }.compactMap(\.text)
        return Cut(
            start: start, end: end, reason: main.reason, sentence: main.sentence,
            text: texts.isEmpty ? nil : texts.joined(separator: " … "))
    }
}
