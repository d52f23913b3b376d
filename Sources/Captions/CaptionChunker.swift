import UnicodeText

/// Splits timed tokens into on-screen captions: a full stop, `?` or `!` always ends a
/// caption; when a caption grows past the character or duration limit (the duration, and
/// the language's reading rules for characters per caption, only for recognized word times,
/// not a hand-timed cue's) it is split at its last comma (or, in Chinese and Japanese, a
/// space between two CJK characters) if that leaves a reasonable first part, else as late as
/// its phrases allow: never after an article, a preposition or a conjunction of the
/// language's `PhraseTable`, or before a particle, when another place fits (see
/// `splitPoint`); never inside a Chinese or Japanese word (one a recognizer timed, or ICU's
/// dictionary word), and in Polish, Czech and Slovak before a one-letter word that would
/// end it. A segment boundary always ends a caption. No caption is an orphan (only emoji or
/// punctuation, or one short word) when it can join a neighbour, or take the word before
/// it, within the limits. Under a word limit (`ChunkingLimits.maxWords`) a caption holds at
/// most that many words, a CJK word, a bound pair (`iPhone 15`, `12 km`) and a word with its
/// emoji each counting once and never parted. Word timings stay inside each caption.
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
        let reading = limits.reading(for: language)
        let keepsOneLetterWords = OneLetterWords.keptWithNext(in: language)
        let table = limits.phrases.table(for: language)
        // The segment's words as ICU cuts them, found at the first split.
        var found: SplitWords?
        let given = tokens
        func segmentWords() -> SplitWords {
            if let found { return found }
            let made = SplitWords(given, language: language, table: table)
            found = made
            return made
        }
        // Under a word limit each token says whether it starts a word.
        let tokens = limits.maxWords == nil ? tokens : markingWords(tokens, keepsOneLetterWords: keepsOneLetterWords, words: segmentWords)
        var first = 0  // where `current` starts in `tokens`
        for (index, token) in tokens.enumerated() {
            while !current.isEmpty && tooLong(current + [token], limits, reading) {
                let split = splitPoint(
                    current, before: token, limits, keepsOneLetterWords: keepsOneLetterWords, words: segmentWords(),
                    from: first)
                emit(current[..<split])
                current = Array(current[split...])
                first += split
            }
            current.append(token)
            if token.token.endsSentence {
                emit(current[...])
                current = []
                first = index + 1
            }
        }
        emit(current[...])
        var joined = joiningOrphans(parts, limits, reading, words: parts.count > 1 && table != nil ? segmentWords() : nil)
        // A hand-timed cue's pieces share its time by length; one too short to be read is not made.
        let handTimed = joined.count > 1 && tokens.allSatisfy(\.estimated)
        var kept: CaptionChange?
        // Under a word limit a piece shorter than a frame joins a neighbour instead.
        if handTimed, limits.maxWords != nil { joined = joiningShortPieces(joined, limits) }
        if handTimed, joined.count > 1, let shortest = shortestPiece(joined, limits) {
            kept = .notSplit(pieces: joined.count, shortest: shortest, minimum: limits.shortestPiece)
            joined = [tokens]
        }
        return joined.enumerated().map { index, part in
            var tokens = part
            tokens[0].token.spaceBefore = false
            var caption = Caption(
                text: Tokenizer.join(tokens.map(\.token)), start: tokens[0].start, end: tokens[tokens.count - 1].end,
                language: language, speaker: speaker, words: words(tokens), source: source, position: position, lane: lane)
            if index == 0 && joined.count > 1 { caption.changes.append(CaptionChange(.split, "split into \(joined.count) captions")) }
            if let kept { caption.changes.append(kept) }
            if handTimed && joined.count > 1, let first = joined.first?.first, let last = joined.last?.last {
                caption.cueTime = first.start...last.end
            }
            return caption
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
    private static func isSpoken(_ token: Token) -> Bool {
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
        for token in part where token.token.display.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) {
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
    /// fit the limits together, else given the word before it (a sentence's end stays
    /// where it is).
    private static func joiningOrphans(
        _ parts: [[TimedToken]], _ limits: ChunkingLimits, _ reading: ReadingLimits?, words: SplitWords?
    ) -> [[TimedToken]] {
        var parts = parts
        var i = 0
        while i < parts.count {
            guard parts.count > 1, isOrphan(parts[i]) else {
                i += 1
                continue
            }
            if i > 0, !tooLong(parts[i - 1] + parts[i], limits, reading) {
                parts[i - 1] += parts.remove(at: i)
                continue
            }
            if i + 1 < parts.count, !tooLong(parts[i] + parts[i + 1], limits, reading) {
                let orphan = parts.remove(at: i)
                parts[i] = orphan + parts[i]
                continue
            }
            // Take words from the caption before while this is an orphan (see `wordsToTake`).
            while i > 0, isOrphan(parts[i]), let count = wordsToTake(from: parts[i - 1], before: parts[i], at: i - 1, of: parts, limits, reading, words: words) {
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
    static func width(_ tokens: [TimedToken]) -> Int {
        tokens.enumerated().reduce(0) { sum, item in
            let (i, t) = item
            return sum + (i > 0 && t.token.spaceBefore ? 1 : 0) + displayWidth(t.token)
        }
    }

    /// The display width of one token as shown, a CJK character counting as two.
    private static func displayWidth(_ token: Token) -> Int {
        [token.leading, token.text, token.trailing].reduce(0) { sum, part in
            // ASCII has no CJK character and a character a byte.
            sum + (part.utf8.allSatisfy { $0 < 0x80 } ? part.utf8.count : part.reduce(0) { $0 + (Tokenizer.isCJK($1) ? 2 : 1) })
        }
    }

    /// The most CJK characters a split moves back to keep a dictionary word whole.
    static let longestDictionaryWord = 4

    /// Where the dictionary word (ICU's, for Chinese and Japanese) that `next` continues
    /// starts in `tokens`, when `next` and the characters before it are CJK without spaces or
    /// punctuation between them and that word began at most `longestDictionaryWord` characters
    /// back (and not at the first token); nil when a split before `next` parts no word. For
    /// characters no recognizer timed as one word (`joinsPrevious` says that).
    private static func dictionaryWordStart(_ tokens: [TimedToken], before next: TimedToken) -> Int? {
        guard bare(next.token), !next.token.spaceBefore, let last = tokens.last, bare(last.token) else { return nil }
        var runStart = tokens.count - 1
        while runStart > 0, bare(tokens[runStart - 1].token), !tokens[runStart].token.spaceBefore,
            tokens.count - runStart <= longestDictionaryWord
        {
            runStart -= 1
        }
        let run = tokens[runStart...].map(\.token.text) + [next.token.text]
        let starts = run.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.utf16.count) }
        let split = starts[run.count - 1]
        guard let boundaries = try? TextBoundaries.words(in: UTF16Text(run.joined()), locale: nil),
            !boundaries.contains(split)
        else { return nil }
        let word = boundaries.filter { $0 < split }.max() ?? 0
        // A word that starts before the run is longer than `longestDictionaryWord`: left as it is.
        let cut = runStart > 0 && bare(tokens[runStart - 1].token) && !tokens[runStart].token.spaceBefore
        guard !(word == 0 && cut), let index = starts.firstIndex(of: word) else { return nil }
        let start = runStart + index
        return start > 0 && start < tokens.count ? start : nil
    }

    /// Past the character limit, or the duration limit or the reading rules' characters per
    /// caption. A hand-timed cue (all its times estimated) lasts as long as its author made it
    /// and keeps its text: only the preset's character limit applies to it.
    private static func tooLong(_ tokens: [TimedToken], _ limits: ChunkingLimits, _ reading: ReadingLimits?) -> Bool {
        guard tokens.count > 1, let first = tokens.first, let last = tokens.last else { return false }
        if width(tokens) > limits.maxCharacters { return true }
        if let maxWords = limits.maxWords, wordCount(tokens) > maxWords { return true }
        guard tokens.contains(where: { !$0.estimated }) else { return false }
        if last.end - first.start > limits.maxDuration { return true }
        guard let reading else { return false }
        var joined = tokens
        joined[0].token.spaceBefore = false
        return ReadingLimits.characters(Tokenizer.join(joined.map(\.token))) > reading.charactersPerCaption
    }

    /// How much a split after a clause end (or a CJK soft break) that leaves at least
    /// `minimumSplitShare` of the limit in the first part is worth: more than the length it
    /// gives up, so the last such split is taken before a fuller caption.
    static let clauseBonus = 0.75
    /// What a split that leaves a first part too short to stand alone (`isOrphan`) costs.
    static let orphanCost = 1.0
    /// What a split inside a bound pair (`BoundWords`: `iPhone | 15`) costs: as much as one
    /// after a bound word of a phrase table.
    static let boundPairCost = 1.2

    /// Where to split `tokens` (which start at `first` in the segment whose `words` are
    /// given), which `next` does not fit after (an index from 1 to count):
    /// of the places the words allow (never inside a timed word's CJK pieces or an ICU
    /// dictionary word, in Polish, Czech and Slovak never after a one-letter word), the one
    /// of least cost: the share of the caption it leaves for later, less `clauseBonus` after a
    /// clause end or CJK soft break leaving enough in the first part, plus what its phrase
    /// boundary costs in the table of `words` (a caption ends on an article, a preposition or a conjunction
    /// only when no other place fits).
    private static func splitPoint(
        _ tokens: [TimedToken], before next: TimedToken, _ limits: ChunkingLimits, keepsOneLetterWords: Bool,
        words: SplitWords, from first: Int
    ) -> Int {
        let minimum = Int(Double(limits.maxCharacters) * minimumSplitShare)
        var end = tokens.count
        if next.joinsPrevious {
            var first = end - 1
            while first > 0 && tokens[first].joinsPrevious { first -= 1 }
            if first > 0 { end = first }
        } else if let start = dictionaryWordStart(tokens, before: next) {
            end = start
        }
        while keepsOneLetterWords, end > 1, OneLetterWords.isOneLetterWord(tokens[end - 1].token) { end -= 1 }
        // Under a word limit no caption starts inside a word (see `markingWords`).
        while limits.maxWords != nil, end > 1, (end < tokens.count ? tokens[end] : next).continuesWord { end -= 1 }
        // The width of the first k tokens, for every k.
        var filled = [0]
        for (i, token) in tokens.enumerated() {
            filled.append(filled[i] + (i > 0 && token.token.spaceBefore ? 1 : 0) + displayWidth(token.token))
        }
        let total = Double(max(1, filled[tokens.count]))
        var best = (cost: Double.infinity, index: end)
        for k in stride(from: end, through: 1, by: -1) {
            let before = tokens[k - 1].token
            let following = k < tokens.count ? tokens[k] : next
            let after = following.token
            if k < end {
                if following.joinsPrevious || following.continuesWord || keepsOneLetterWords && OneLetterWords.isOneLetterWord(before) {
                    continue
                }
                if bare(before) && bare(after) && !after.spaceBefore && !words.isWordBoundary(before: first + k) { continue }
            }
            var cost = 1 - Double(filled[k]) / total
            let softBreak = before.isCJK && after.isCJK && after.spaceBefore
            // Before `next` a split is at the end anyway: the bonus goes to an earlier place.
            if k < tokens.count && (before.endsClause || softBreak) && filled[k] >= minimum { cost -= clauseBonus }
            // No phrase boundary makes a place better than this: one that cannot win is not asked.
            guard cost + PhraseBoundary.leastCost < best.cost - 1e-9 else { continue }
            cost += words.boundary(before: first + k).cost
            if k < end, after.spaceBefore, BoundWords.binds(before.display, after.display) { cost += boundPairCost }
            // Under a word limit a caption of one word is no orphan: it is the look.
            if cost < best.cost - 1e-9, k < end, limits.maxWords == nil, isOrphan(tokens[..<k]) { cost += orphanCost }
            if cost < best.cost - 1e-9 { best = (cost, k) }
        }
        return best.index
    }

    /// A CJK character with no punctuation on either side.
    private static func bare(_ token: Token) -> Bool { token.isCJK && token.leading.isEmpty && token.trailing.isEmpty }

    /// A segment's tokens joined, with where each token starts in the text and ICU's word
    /// boundaries and pieces of it, for asking what a split before a token does. A class: the
    /// pieces of a token are made the first time a split near it asks for them.
    private final class SplitWords {
        let tokens: [TimedToken]
        let starts: [Int]  // UTF-16 offset where each token's display starts
        let boundaries: Set<Int>
        /// The table asked, if any.
        let table: PhraseTable?
        /// ICU's pieces of the text, when it has CJK characters (a token each) and a table.
        let words: PhraseWords?
        /// Else each token's punctuation and word (Thai's tokens are ICU's dictionary words
        /// already), made when first asked for.
        private var pieces: [[PhrasePiece]?]

        init(_ tokens: [TimedToken], language: String?, table: PhraseTable?) {
            self.tokens = tokens
            self.table = table
            var starts: [Int] = []
            var offset = 0
            for (i, timed) in tokens.enumerated() {
                let token = timed.token
                if i > 0 && token.spaceBefore { offset += 1 }
                starts.append(offset)
                offset += token.leading.utf16.count + token.text.utf16.count + token.trailing.utf16.count
            }
            self.starts = starts
            pieces = Array(repeating: nil, count: tokens.count)
            guard tokens.contains(where: \.token.isCJK) else {
                boundaries = []
                words = nil
                return
            }
            var joined = tokens.map(\.token)
            joined[0].spaceBefore = false
            let text = UTF16Text(Tokenizer.join(joined))
            let found = (try? TextBoundaries.words(in: text, locale: language)) ?? []
            boundaries = Set(found)
            words = table.map { PhraseWords(text, boundaries: found, table: $0) }
        }

        /// Whether ICU's word boundaries put one where token `k` starts.
        func isWordBoundary(before k: Int) -> Bool { boundaries.contains(starts[k]) }

        /// What a split before token `k` does to the phrase around it (free without a table).
        func boundary(before k: Int) -> PhraseBoundary {
            guard let table else { return .free }
            if let words { return words.boundary(at: starts[k]) }
            guard k > 0, k < tokens.count else { return .free }
            // The `longestEntry` pieces before the split, and one more than that after it.
            var before: [PhrasePiece] = []
            var i = k
            while before.count < PhraseTable.longestEntry, i > 0 {
                i -= 1
                before.insert(contentsOf: pieces(of: i, table), at: 0)
            }
            var after: [PhrasePiece] = []
            i = k
            while after.count <= PhraseTable.longestEntry, i < tokens.count {
                after += pieces(of: i, table)
                i += 1
            }
            return table.boundary(
                before: before.suffix(PhraseTable.longestEntry), after: after.prefix(PhraseTable.longestEntry + 1))
        }

        /// Token `i`'s punctuation before, its word and its punctuation after, each a piece.
        private func pieces(of i: Int, _ table: PhraseTable) -> [PhrasePiece] {
            if let made = pieces[i] { return made }
            let token = tokens[i].token
            let made = [token.leading, token.text, token.trailing].filter { !$0.isEmpty }.map(table.piece)
            pieces[i] = made
            return made
        }
    }

    /// How many of the last tokens of `previous` (`parts[index]`) an orphan `part` after it
    /// takes: the fewest that leave `previous` ending at a free boundary of the table of
    /// `words` (`cue of | 35 chr`, not `cue of 35 | chr` nor `cue of | 35 chr` left bound on
    /// `of`), up to `PhraseTable.longestEntry` + 1 tokens; nil when none does while `previous`
    /// keeps a word that is not an orphan, no sentence end and no piece of a CJK word moves,
    /// and the orphan with what it takes fits the limits.
    private static func wordsToTake(
        from previous: [TimedToken], before part: [TimedToken], at index: Int, of parts: [[TimedToken]],
        _ limits: ChunkingLimits, _ reading: ReadingLimits?, words: SplitWords?
    ) -> Int? {
        guard previous.count > 1 else { return nil }
        let end = parts[...index].reduce(0) { $0 + $1.count }  // where `part` starts in the segment's tokens
        for count in 1...min(PhraseTable.longestEntry + 1, previous.count - 1) {
            let moved = previous.suffix(count)
            if moved.contains(where: \.token.endsSentence) || isOrphan(previous.dropLast(count))
                || tooLong(Array(moved) + part, limits, reading)
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
