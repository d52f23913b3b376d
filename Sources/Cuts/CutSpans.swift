import Speech

/// Turns what is taken out into spans of the input: between two kept words, everything
/// removed goes in one cut, whose edges lie halfway into the silence on each side (each
/// side counted up to the kept pause: 0.3 s; 0.5 s after a full stop); a silence between two kept words
/// longer than `maxPause` is shortened to the kept pause (unless the picture moves there:
/// `CutPlanner` asks);
/// before the first kept word and after the last, `edgePause` is kept. The kept silence is
/// kept about the join. A span longer than `longCut` is flagged, not cut. With the audio's
/// `sound`, silence is measured on it: a pause is shortened only inside a silent stretch
/// (a word the recognizer dropped stays, with its pauses), and sound no word accounts for
/// next to what is taken out is kept.
struct CutSpans {
    let words: [SpokenWord]
    let settings: CutSettings
    /// The input's length. // seconds
    let duration: Double
    /// Where the audio holds sound (nil without an envelope: the words' times are all there is).
    var sound: SoundRuns?

    /// A span with the kept words on either side (nil at the input's head or tail).
    struct Span {
        var cut: Cut
        var before: SpokenWord?
        var after: SpokenWord?
        /// A silence only, nothing said taken out: kept when the picture moves there.
        var silenceOnly = false
        /// Where the kept sound before the span ends and after it begins: the kept words', or
        /// sound next to them that no word accounts for. // seconds
        var keptUntil: Double
        var keptFrom: Double

        init(cut: Cut, before: SpokenWord?, after: SpokenWord?, silenceOnly: Bool = false, keptUntil: Double? = nil, keptFrom: Double? = nil) {
            (self.cut, self.before, self.after, self.silenceOnly) = (cut, before, after, silenceOnly)
            self.keptUntil = keptUntil ?? before?.end ?? -.infinity
            self.keptFrom = keptFrom ?? after?.start ?? .infinity
        }
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
        let first = head.isEmpty
            ? soundBefore(kept[0].start) : keptFrom(removed: head.map(\.end).max()!, next: kept[0].start)
        if let span = edge(from: 0, to: first - settings.edgePause, items: head, after: kept[0], keptFrom: first) {
            spans.append(span)
        }
        for (a, b) in zip(kept, kept.dropFirst()) {
            spans += between(a, b, items: items(before: b.start))
        }
        let tail = items(before: Double.infinity)
        if let last = kept.last {
            let end = tail.isEmpty
                ? soundAfter(last.end) : keptUntil(previous: last.end, removed: tail.map(\.start).min()!)
            if let span = edge(from: end + settings.edgePause, to: duration, items: tail, before: last, keptUntil: end) {
                spans.append(span)
            }
        }
        return spans
    }

    /// Where the kept sound after what is taken out begins (`SoundRuns.keptFrom`; without the
    /// audio, at the next kept word).
    private func keptFrom(removed: Double, next: Double) -> Double {
        sound?.keptFrom(removed: removed, next: next, within: settings.maxPause) ?? next
    }

    /// Where the kept sound before what is taken out ends (`SoundRuns.keptUntil`).
    private func keptUntil(previous: Double, removed: Double) -> Double {
        sound?.keptUntil(previous: previous, removed: removed, within: settings.maxPause) ?? previous
    }

    /// Where the kept sound before a filler heard at `time` ends, the kept word before it
    /// ending at `previous` (`SoundRuns.soundUntil`): a heard filler is its own sound only.
    private func soundUntil(_ time: Double, after previous: Double) -> Double {
        sound?.soundUntil(time, after: previous, within: settings.maxPause) ?? previous
    }

    /// Where the kept sound after a filler heard until `time` begins (`SoundRuns.soundFrom`).
    private func soundFrom(_ time: Double, before next: Double) -> Double {
        sound?.soundFrom(time, before: next, within: settings.maxPause) ?? next
    }

    /// Where the sound said before the first kept word (at `time`) begins (`SoundRuns.soundBefore`).
    private func soundBefore(_ time: Double) -> Double {
        sound?.soundBefore(time, within: settings.maxPause) ?? time
    }

    /// Where the sound said after the last kept word (ending at `time`) ends (`SoundRuns.soundAfter`).
    private func soundAfter(_ time: Double) -> Double {
        sound?.soundAfter(time, within: settings.maxPause) ?? time
    }

    /// The spans between kept words `a` and `b`, taking out `items`: one cut of them, or the
    /// silent stretches longer than `maxPause` shortened.
    private func between(_ a: SpokenWord, _ b: SpokenWord, items: [RemovedSpeech]) -> [Span] {
        let kept = settings.keptPause(after: a.text)
        if items.isEmpty {
            guard settings.kinds.contains(.pauses) else { return [] }
            let silences = sound?.silences(from: a.end, to: b.start, within: settings.maxPause) ?? [(a.end, b.start)]
            return silences.filter { $0.end - $0.start > settings.maxPause }.map { silence in
                let cut = Cut(start: silence.start + kept / 2, end: silence.end - kept / 2, reason: .pause)
                return Span(cut: cut, before: a, after: b, silenceOnly: true, keptUntil: silence.start, keptFrom: silence.end)
            }
        }
        // Each edge lies in the middle of what is kept of the silence on its side: clear of
        // the kept sound and of the sound taken out; over a loud bed, a silence shorter than
        // the kept pause is cut two thirds in from the kept sound, whose tail sinks under the
        // bed before it ends.
        let (removedStart, removedEnd) = (items[0].start, items.map(\.end).max()!)
        let heard = items.allSatisfy(\.words.isEmpty)
        let until = heard ? soundUntil(removedStart, after: a.end) : keptUntil(previous: a.end, removed: removedStart)
        let from = heard ? soundFrom(removedEnd, before: b.start) : keptFrom(removed: removedEnd, next: b.start)
        let before = min(max(0, removedStart - until), kept)
        let after = min(max(0, from - removedEnd), kept)
        let loud = sound?.isLoudBed(at: until) == true
        var start = until + before * (loud && before < kept ? 2.0 / 3 : 0.5)
        var end = from - after * (loud && after < kept ? 2.0 / 3 : 0.5)
        if heard && loud {
            // A word's tail sinks under a loud bed: a short silence beside a heard filler may
            // hold it, so the cut takes the filler's own sound (its held part, onset and
            // release) and no more on that side.
            if removedStart - until <= settings.maxPause { start = max(start, removedStart - HeardFillers.onset) }
            if from - removedEnd <= settings.maxPause { end = min(end, removedEnd + HeardFillers.release) }
        }
        guard end > start else { return [] }
        return [Span(cut: cut(start, end, items), before: a, after: b, keptUntil: until, keptFrom: from)]
    }

    /// The head (to the first kept word) or the tail (from the last) of the input.
    private func edge(
        from start: Double, to end: Double, items: [RemovedSpeech], before: SpokenWord? = nil, after: SpokenWord? = nil,
        keptUntil: Double? = nil, keptFrom: Double? = nil
    ) -> Span? {
        guard end > start else { return nil }
        guard !items.isEmpty || settings.kinds.contains(.pauses) else { return nil }
        let cut = items.isEmpty ? Cut(start: start, end: end, reason: .pause) : cut(start, end, items)
        return Span(cut: cut, before: before, after: after, silenceOnly: items.isEmpty, keptUntil: keptUntil, keptFrom: keptFrom)
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
