/// Splits timed tokens into on-screen captions: a full stop, `?` or `!` always ends a
/// caption; when a caption grows past the character or duration limit (the duration only for
/// recognized word times, not a hand-timed cue's) it is split at its
/// last comma (or, in Chinese and Japanese, a space between two CJK characters) if that
/// leaves a reasonable first part, else before the word that does not fit. A segment
/// boundary always ends a caption. No caption is an orphan (only emoji or punctuation, or
/// one short word) when it can join a neighbour, or take the word before it, within the
/// limits. Word timings stay inside each caption.
public enum CaptionChunker {
    /// A split point must leave at least this share of the limit in the first part.
    static let minimumSplitShare = 0.4

    /// The captions of one segment's tokens.
    public static func captions(
        _ tokens: [TimedToken], limits: ChunkingLimits, language: String?, speaker: String?,
        source: SourceLocation? = nil, position: CaptionPosition? = nil, lane: Int = 0
    ) -> [Caption] {
        var parts: [[TimedToken]] = []
        var current: [TimedToken] = []
        func emit(_ part: ArraySlice<TimedToken>) {
            if !part.isEmpty { parts.append(Array(part)) }
        }
        for token in tokens {
            while !current.isEmpty && tooLong(current + [token], limits) {
                let split = splitPoint(current, limits)
                emit(current[..<split])
                current = Array(current[split...])
            }
            current.append(token)
            if token.token.endsSentence {
                emit(current[...])
                current = []
            }
        }
        emit(current[...])
        return joiningOrphans(parts, limits).map { part in
            var tokens = part
            tokens[0].token.spaceBefore = false
            return Caption(
                text: Tokenizer.join(tokens.map(\.token)), start: tokens[0].start, end: tokens[tokens.count - 1].end,
                language: language, speaker: speaker, words: words(tokens), source: source, position: position, lane: lane)
        }
    }

    /// A caption that should not stand alone: nothing but emoji, symbols or punctuation, or
    /// one word of at most `orphanWidth` (`Ok.`, `steep`, `好`).
    static func isOrphan(_ part: [TimedToken]) -> Bool {
        let spoken = part.filter { token in token.token.display.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil } }
        return spoken.isEmpty || spoken.count == 1 && width(spoken) <= orphanWidth
    }

    /// The widest word an orphan may be (a CJK character counting two).
    static let orphanWidth = 6

    /// `parts` with each orphan joined to the caption before it (or after it) when the two
    /// fit the limits together, else given the word before it (a sentence's end stays
    /// where it is).
    private static func joiningOrphans(_ parts: [[TimedToken]], _ limits: ChunkingLimits) -> [[TimedToken]] {
        var parts = parts
        var i = 0
        while i < parts.count {
            guard parts.count > 1, isOrphan(parts[i]) else {
                i += 1
                continue
            }
            if i > 0, !tooLong(parts[i - 1] + parts[i], limits) {
                parts[i - 1] += parts.remove(at: i)
                continue
            }
            if i + 1 < parts.count, !tooLong(parts[i] + parts[i + 1], limits) {
                let orphan = parts.remove(at: i)
                parts[i] = orphan + parts[i]
                continue
            }
            // Take words from the caption before while this is an orphan, as long as that one
            // keeps a word that is not an orphan and no sentence end moves.
            while i > 0, isOrphan(parts[i]), parts[i - 1].count > 1, let moved = parts[i - 1].last,
                !moved.token.endsSentence, !moved.joinsPrevious, !isOrphan(Array(parts[i - 1].dropLast())), !tooLong([moved] + parts[i], limits)
            {
                parts[i].insert(parts[i - 1].removeLast(), at: 0)
            }
            i += 1
        }
        return parts
    }

    /// The words of a caption's tokens: one a token, but one for each group of CJK tokens
    /// from one timed word (`TimedToken.joinsPrevious`, a group starting again where a caption
    /// starts): the pieces' text joined, from the first piece's start to the last one's end,
    /// estimated or stressed when any piece is.
    static func words(_ tokens: [TimedToken]) -> [Word] {
        var words: [Word] = []
        for (i, token) in tokens.enumerated() {
            if i > 0, token.joinsPrevious, var last = words.popLast() {
                last.text += token.token.display
                last.end = max(last.end, token.end)
                last.estimated = last.estimated || token.estimated
                last.emphasis = last.emphasis || token.emphasis
                words.append(last)
            } else {
                words.append(
                    Word(
                        text: token.token.display, start: token.start, end: token.end, estimated: token.estimated,
                        emphasis: token.emphasis))
            }
        }
        return words
    }

    /// Times made presentable: each caption lasts at least `minDuration` where the next one
    /// leaves room, ends `minGap` before the next starts, and its words stay inside it.
    public static func adjustTimes(_ captions: [Caption], limits: ChunkingLimits) -> [Caption] {
        var result = captions
        for i in result.indices {
            let nextStart = i + 1 < result.count ? result[i + 1].start : Double.infinity
            let latestEnd = nextStart - limits.minGap
            if result[i].end - result[i].start < limits.minDuration {
                result[i].end = max(result[i].end, min(result[i].start + limits.minDuration, latestEnd))
            }
            if result[i].end > latestEnd || result[i].end == result[i].start {
                // Keep the gap; where the next caption starts too soon for it (or just in time,
                // leaving it no length), keep half the room.
                let half = (result[i].start + nextStart) / 2
                result[i].end = latestEnd > result[i].start ? latestEnd : half > result[i].start ? half : nextStart
            }
            result[i] = clippingWords(result[i])
        }
        return result
    }

    /// `caption` with its words' times inside its own.
    static func clippingWords(_ caption: Caption) -> Caption {
        var clipped = caption
        clipped.words = caption.words.map { word in
            var inside = word
            inside.start = min(max(word.start, caption.start), caption.end)
            inside.end = min(max(word.end, inside.start), caption.end)
            return inside
        }
        return clipped
    }

    /// Display width: characters and spaces, a CJK character counting as two.
    static func width(_ tokens: [TimedToken]) -> Int {
        tokens.enumerated().reduce(0) { sum, item in
            let (i, t) = item
            let space = i > 0 && t.token.spaceBefore ? 1 : 0
            let text = t.token.display.reduce(0) { $0 + (Tokenizer.isCJK($1) ? 2 : 1) }
            return sum + space + text
        }
    }

    /// Past the character limit, or the duration limit. A hand-timed cue (all its times
    /// estimated) lasts as long as its author made it: only its text can be too long.
    private static func tooLong(_ tokens: [TimedToken], _ limits: ChunkingLimits) -> Bool {
        guard tokens.count > 1, let first = tokens.first, let last = tokens.last else { return false }
        let timed = tokens.contains { !$0.estimated }
        return width(tokens) > limits.maxCharacters || timed && last.end - first.start > limits.maxDuration
    }

    /// Where to split `tokens` (an index from 1 to count): after the last clause end or
    /// CJK soft break that leaves enough in the first part, else at the end.
    private static func splitPoint(_ tokens: [TimedToken], _ limits: ChunkingLimits) -> Int {
        let minimum = Int(Double(limits.maxCharacters) * minimumSplitShare)
        for k in stride(from: tokens.count - 1, through: 1, by: -1) {
            let before = tokens[k - 1].token
            let after = tokens[k].token
            let softBreak = before.isCJK && after.isCJK && after.spaceBefore
            if (before.endsClause || softBreak) && width(Array(tokens[..<k])) >= minimum { return k }
        }
        return tokens.count
    }
}
