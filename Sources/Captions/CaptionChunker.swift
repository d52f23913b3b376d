import UnicodeText

/// Splits one segment's timed tokens into on-screen captions, in order: words marked under a
/// word limit, the cuts chosen (`CaptionSegmenter`: a sentence end and a long pause always
/// end a caption, then a pause, a comma, a phrase boundary, a free break, a break inside a
/// phrase last; never inside a Chinese or Japanese word, nor in Polish, Czech and Slovak
/// after a one-letter word), orphans (only emoji or punctuation, or one short word) joined
/// to a neighbour or given the word before them, and a hand-timed cue's pieces kept only
/// when each lasts long enough. A segment boundary always ends a caption. Under a word limit
/// (`ChunkingLimits.maxWords`) a caption holds at most that many words, a CJK word, a bound
/// pair (`iPhone 15`, `12 km`) and a word with its emoji each counting once and never
/// parted. Word timings stay inside each caption.
public enum CaptionChunker {
    /// The captions of one segment's tokens; `fit`, when given, is the layout's answer for a
    /// candidate caption (see `CaptionSegmenter`).
    public static func captions(
        _ tokens: [TimedToken], limits: ChunkingLimits, language: String?, speaker: String?,
        source: SourceLocation? = nil, position: CaptionPosition? = nil, lane: Int = 0, fit: CaptionFit? = nil
    ) -> [Caption] {
        let reading = limits.reading(for: language)
        let keepsOneLetterWords = OneLetterWords.keptWithNext(in: language)
        let table = limits.phrases.table(for: language)
        // The segment's words as ICU cuts them, found when first asked for.
        var found: SplitWords?
        let given = tokens
        func segmentWords() -> SplitWords {
            if let found { return found }
            let made = SplitWords(given, language: language, table: table)
            found = made
            return made
        }
        func caption(_ part: some Collection<TimedToken>) -> Caption {
            var tokens = Array(part)
            tokens[0].token.spaceBefore = false
            return Caption(
                text: Tokenizer.join(tokens.map(\.token)), start: tokens[0].start, end: tokens[tokens.count - 1].end,
                language: language, speaker: speaker, words: words(tokens), source: source, position: position, lane: lane)
        }
        // Under a word limit each token says whether it starts a word.
        let tokens = limits.maxWords == nil ? tokens : markingWords(tokens, keepsOneLetterWords: keepsOneLetterWords, words: segmentWords)
        let handTimed = tokens.allSatisfy(\.estimated)
        let byLayout = handTimed && fit != nil
        // What may not be one caption: past the limits, too large for the layout, or across a long pause.
        let tooLong = { (part: [TimedToken]) -> Bool in
            Self.tooLong(part, limits, reading, characters: !byLayout) || byLayout && fit?(caption(part)) == .tooLarge
                || crossesLongPause(part, minDuration: limits.minDuration)
        }
        let parts = CaptionSegmenter.parts(
            tokens, limits: limits, reading: reading, keepsOneLetterWords: keepsOneLetterWords, words: segmentWords, fit: fit,
            caption: caption
        ).map { Array(tokens[$0]) }
        var joined = joiningOrphans(parts, tooLong: tooLong, words: parts.count > 1 && table != nil ? segmentWords() : nil)
        // A hand-timed cue's pieces share its time by length; one too short to be read is not made.
        var kept: CaptionChange?
        // Under a word limit a piece shorter than a frame joins a neighbour instead.
        if handTimed, joined.count > 1, limits.maxWords != nil { joined = joiningShortPieces(joined, limits) }
        if handTimed, joined.count > 1, let shortest = shortestPiece(joined, limits) {
            kept = .notSplit(pieces: joined.count, shortest: shortest, minimum: limits.shortestPiece)
            joined = [tokens]
        }
        return joined.enumerated().map { index, part in
            var made = caption(part)
            if index == 0 && joined.count > 1 { made.changes.append(CaptionChange(.split, "split into \(joined.count) captions")) }
            if let kept { made.changes.append(kept) }
            if handTimed && joined.count > 1, let first = joined.first?.first, let last = joined.last?.last {
                made.cueTime = first.start...last.end
            }
            return made
        }
    }

    /// Whether `tokens` hold a pause of `BreakRank.longPause` or more that a caption may not
    /// go on past (see `CaptionSegmenter.continuesPastPause`).
    static func crossesLongPause(_ tokens: [TimedToken], minDuration: Double) -> Bool {
        tokens.indices.dropFirst().contains { k in
            tokens[k].start - tokens[k - 1].end >= BreakRank.longPause - 1e-9
                && !CaptionSegmenter.continuesPastPause(tokens, at: k, minDuration: minDuration)
        }
    }

    /// `tokens` with `continuesWord` set on each token that adds no word to a caption's count
    /// (see there); `words` gives the segment's ICU words, asked only for CJK characters.
    private static func markingWords(_ tokens: [TimedToken], keepsOneLetterWords: Bool, words: () -> SplitWords) -> [TimedToken] {
        var marked = tokens
        for i in marked.indices {
            let token = marked[i].token
            guard isSpoken(token) else {
                // A sign before a number goes with the number (`$ 20`); other signs and emoji with the word before.
                let next = i + 1 < marked.count ? marked[i + 1].token : nil
                marked[i].continuesWord = !(next.map { $0.spaceBefore && BoundWords.binds(token.display, $0.display) } ?? false)
                continue
            }
            guard i > 0 else { continue }
            let previous = marked[i - 1].token
            let insideCJKWord =
                previous.isCJK && previous.trailing.isEmpty && token.isCJK && token.leading.isEmpty && !token.spaceBefore
                && !words().isWordBoundary(before: i)
            marked[i].continuesWord =
                marked[i].joinsPrevious || insideCJKWord || token.spaceBefore && BoundWords.binds(previous.display, token.display)
                || keepsOneLetterWords && OneLetterWords.isOneLetterWord(previous)
        }
        return marked
    }

    /// Whether a token holds a letter or a digit (not an emoji or punctuation alone).
    static func isSpoken(_ token: Token) -> Bool {
        token.display.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }

    /// How many words a word limit counts in `tokens` (marked by `markingWords`): one for each
    /// token that starts a word, and for a first token that continues one from before.
    static func wordCount(_ tokens: some Collection<TimedToken>) -> Int {
        var count = 0
        for (i, token) in tokens.enumerated() where !token.continuesWord || i == 0 && isSpoken(token.token) { count += 1 }
        return count
    }

    /// How long the shortest of a hand-timed cue's pieces would be on screen (seconds), when
    /// that is less than `ChunkingLimits.shortestPiece`; nil when every piece lasts long
    /// enough. Each piece but the last ends the gap before the next starts.
    static func shortestPiece(_ parts: [[TimedToken]], _ limits: ChunkingLimits) -> Double? {
        let shown = parts.enumerated().map { index, part in
            part[part.count - 1].end - part[0].start - (index + 1 < parts.count ? limits.minGap : 0)
        }
        let shortest = shown.min() ?? 0
        return shortest > 0 && shortest >= limits.shortestPiece - 1e-9 ? nil : shortest
    }

    /// A hand-timed cue's `parts` with each piece on screen less than `shortestPiece` joined to
    /// the neighbour with fewer words (a word limit gives up a word before a frame).
    static func joiningShortPieces(_ parts: [[TimedToken]], _ limits: ChunkingLimits) -> [[TimedToken]] {
        var parts = parts
        while parts.count > 1 {
            let shown = parts.indices.map { index in
                parts[index][parts[index].count - 1].end - parts[index][0].start - (index + 1 < parts.count ? limits.minGap : 0)
            }
            guard let shortest = shown.indices.min(by: { shown[$0] < shown[$1] }),
                shown[shortest] < limits.shortestPiece - 1e-9
            else { break }
            let before = shortest > 0 ? wordCount(parts[shortest - 1]) : Int.max
            let after = shortest + 1 < parts.count ? wordCount(parts[shortest + 1]) : Int.max
            if before <= after {
                parts[shortest - 1] += parts.remove(at: shortest)
            } else {
                parts[shortest] += parts.remove(at: shortest + 1)
            }
        }
        return parts
    }

    /// A caption that should not stand alone: nothing but emoji, symbols or punctuation, or
    /// one word of at most `orphanWidth` (`Ok.`, `steep`, `好`).
    static func isOrphan(_ part: some Collection<TimedToken>) -> Bool {
        var spoken: TimedToken?
        for token in part where isSpoken(token.token) {
            // A second spoken word: no orphan.
            if spoken != nil { return false }
            spoken = token
        }
        guard let spoken else { return true }
        return width([spoken]) <= orphanWidth
    }

    /// The widest word an orphan may be (a CJK character counting two).
    static let orphanWidth = 6

    /// `parts` with each orphan joined to the caption before it (or after it) when the two
    /// are not `tooLong` together (a long pause between them is), else given the word before
    /// it (a sentence's end stays where it is).
    private static func joiningOrphans(
        _ parts: [[TimedToken]], tooLong: ([TimedToken]) -> Bool, words: SplitWords?
    ) -> [[TimedToken]] {
        var parts = parts
        var i = 0
        while i < parts.count {
            guard parts.count > 1, isOrphan(parts[i]) else {
                i += 1
                continue
            }
            if i > 0, !tooLong(parts[i - 1] + parts[i]) {
                parts[i - 1] += parts.remove(at: i)
                continue
            }
            if i + 1 < parts.count, !tooLong(parts[i] + parts[i + 1]) {
                let orphan = parts.remove(at: i)
                parts[i] = orphan + parts[i]
                continue
            }
            // Take words from the caption before while this is an orphan (see `wordsToTake`).
            while i > 0, isOrphan(parts[i]), let count = wordsToTake(from: parts[i - 1], before: parts[i], at: i - 1, of: parts, tooLong: tooLong, words: words) {
                parts[i].insert(contentsOf: parts[i - 1].suffix(count), at: 0)
                parts[i - 1].removeLast(count)
            }
            i += 1
        }
        return parts
    }

    /// The words of a caption's tokens: one a token, but one for each group of CJK tokens
    /// from one timed word (`TimedToken.joinsPrevious`, a group starting again where a caption
    /// starts): the pieces' text joined, from the first piece's start to the last one's end,
    /// estimated or stressed when any piece is, as sure as the least sure piece.
    static func words(_ tokens: [TimedToken]) -> [Word] {
        var words: [Word] = []
        for (i, token) in tokens.enumerated() {
            if i > 0, token.joinsPrevious, var last = words.popLast() {
                last.text += token.token.display
                last.end = max(last.end, token.end)
                last.estimated = last.estimated || token.estimated
                last.emphasis = last.emphasis || token.emphasis
                last.confidence = [last.confidence, token.confidence].compactMap { $0 }.min()
                words.append(last)
            } else {
                words.append(
                    Word(
                        text: token.token.display, start: token.start, end: token.end, confidence: token.confidence,
                        estimated: token.estimated, emphasis: token.emphasis))
            }
        }
        return words
    }

    /// Times made presentable: each caption lasts at least `minDuration` (and, when a
    /// recognizer timed it, its language's shortest time and the time its text takes to read,
    /// up to `maxDuration`: it stays on screen into the silence after it) where the next one
    /// leaves room, ends `minGap` before the next starts, and its words stay inside it.
    public static func adjustTimes(_ captions: [Caption], limits: ChunkingLimits) -> [Caption] {
        var result = captions
        for i in result.indices {
            let nextStart = i + 1 < result.count ? result[i + 1].start : Double.infinity
            let latestEnd = nextStart - limits.minGap
            let authored = result[i].end
            let duration = authored - result[i].start
            let reading = isRecognized(result[i]) ? limits.reading(for: result[i].language) : nil
            let shortest = max(limits.minDuration, reading?.minDuration ?? 0)
            let readable = min(reading?.readingTime(result[i].text) ?? 0, max(limits.maxDuration, duration))
            let wanted = max(shortest, readable)
            // A piece of a hand-timed cue is never held past the cue's end.
            let cueEnd = result[i].cueTime?.upperBound ?? .infinity
            if duration < wanted {
                result[i].end = max(authored, min(result[i].start + wanted, latestEnd, cueEnd))
            }
            if result[i].end == result[i].start && !nextStart.isFinite {
                // The last caption, without length and with no shortest time to hold it: two frames.
                result[i].end = result[i].start + max(limits.minGap, 0.001)
            } else if result[i].end > latestEnd || result[i].end == result[i].start {
                // Keep the gap; where the next caption starts too soon for it (or just in time,
                // leaving it no length), keep half the room.
                let half = (result[i].start + nextStart) / 2
                result[i].end = latestEnd > result[i].start ? latestEnd : half > result[i].start ? half : nextStart
            }
            if result[i].end > authored + 0.0005 {
                let why = readable > shortest ? "to be read at \(Int(reading?.charactersPerSecond ?? 0)) characters per second" : "the shortest time on screen"
                let short = result[i].end < result[i].start + wanted - 0.0005 ? " (the next caption leaves no more room)" : ""
                result[i].changes.append(
                    CaptionChange(.extended, "extended by \((result[i].end - authored).seconds) to \(result[i].end.seconds), \(why)\(short)"))
            } else if result[i].end < authored - limits.minGap - 0.0005 {
                result[i].changes.append(
                    CaptionChange(.trimmed, "ends at \(result[i].end.seconds), before the next caption, instead of \(authored.seconds)"))
            }
            result[i] = clippingWords(result[i])
        }
        return result
    }

    /// Whether a recognizer timed the caption's words (not a hand-timed cue's spread times).
    public static func isRecognized(_ caption: Caption) -> Bool { caption.words.contains { !$0.estimated } }

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
    static func width(_ tokens: some Collection<TimedToken>) -> Int {
        tokens.enumerated().reduce(0) { sum, item in
            let (i, t) = item
            return sum + (i > 0 && t.token.spaceBefore ? 1 : 0) + displayWidth(t.token)
        }
    }

    /// The display width of one token as shown, a CJK character counting as two.
    static func displayWidth(_ token: Token) -> Int {
        [token.leading, token.text, token.trailing].reduce(0) { sum, part in
            // ASCII has no CJK character and a character a byte.
            sum + (part.utf8.allSatisfy { $0 < 0x80 } ? part.utf8.count : part.reduce(0) { $0 + (Tokenizer.isCJK($1) ? 2 : 1) })
        }
    }

    /// Past the character limit, or the duration limit or the reading rules' characters per
    /// caption. A hand-timed cue (all its times estimated) lasts as long as its author made it
    /// and keeps its text: only the preset's character limit applies to it.
    static func tooLong(
        _ tokens: some RandomAccessCollection<TimedToken>, _ limits: ChunkingLimits, _ reading: ReadingLimits?, characters: Bool = true
    ) -> Bool {
        guard tokens.count > 1, let first = tokens.first, let last = tokens.last else { return false }
        if characters && width(tokens) > limits.maxCharacters { return true }
        if let maxWords = limits.maxWords, wordCount(tokens) > maxWords { return true }
        guard tokens.contains(where: { !$0.estimated }) else { return false }
        if last.end - first.start > limits.maxDuration { return true }
        guard let reading else { return false }
        var joined = Array(tokens)
        joined[0].token.spaceBefore = false
        return ReadingLimits.characters(Tokenizer.join(joined.map(\.token))) > reading.charactersPerCaption
    }

    /// How many of the last tokens of `previous` (`parts[index]`) an orphan `part` after it
    /// takes: the fewest that leave `previous` ending at a free boundary of the table of
    /// `words` (`cue of | 35 chr`, not `cue of 35 | chr` nor `cue of | 35 chr` left bound on
    /// `of`), up to `PhraseTable.longestEntry` + 1 tokens; nil when none does while `previous`
    /// keeps a word that is not an orphan, no sentence end and no piece of a CJK word moves,
    /// and the orphan with what it takes fits the limits.
    private static func wordsToTake(
        from previous: [TimedToken], before part: [TimedToken], at index: Int, of parts: [[TimedToken]],
        tooLong: ([TimedToken]) -> Bool, words: SplitWords?
    ) -> Int? {
        guard previous.count > 1 else { return nil }
        let end = parts[...index].reduce(0) { $0 + $1.count }  // where `part` starts in the segment's tokens
        for count in 1...min(PhraseTable.longestEntry + 1, previous.count - 1) {
            let moved = previous.suffix(count)
            if moved.contains(where: \.token.endsSentence) || isOrphan(previous.dropLast(count))
                || tooLong(Array(moved) + part)
            {
                return nil
            }
            // A cut inside a word a recognizer timed as one, or inside a phrase: take more.
            if moved.first!.joinsPrevious || moved.first!.continuesWord { continue }
            if let words, words.boundary(before: end - count).isBound { continue }
            return count
        }
        return nil
    }
}
