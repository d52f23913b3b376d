/// Whether a candidate caption fits the lines of the layout it will be set in, as the layout
/// answers `CaptionSegmenter`: it never cuts a caption itself.
public enum CaptionFitVerdict: Sendable, Equatable {
    /// Its lines fit at or above the minimum size, each line ending at a free place.
    case fits
    /// Its lines fit only by ending one on a word bound to the next (`the` | `kids`).
    case partsPhrase
    /// It does not fit the lines at the minimum size.
    case tooLarge
}

/// The layout's answer for a candidate caption (see `CaptionFitVerdict`).
public typealias CaptionFit = (Caption) -> CaptionFitVerdict

/// Cuts one segment's tokens into captions: every gap between two tokens ranked
/// (`BreakRank`), then the cuts of least cost chosen over the whole segment at once (a
/// shortest path over the gaps), each caption within the limits (characters, words,
/// duration, the reading rules' characters per caption) and, when a layout is asked, set in
/// its lines. A caption ends at every sentence end and every pause of `BreakRank.longPause`
/// or more, but for a piece before the pause shorter than the shortest time on screen whose
/// next word starts within that time (the pause would be its hold time and is not long
/// enough): it goes on with the next words. A hand-timed cue (all its word times estimated)
/// is asked of the layout instead of the character limit, so a cue that fits its lines is
/// one caption; a recognized caption whose lines would part a phrase costs more.
enum CaptionSegmenter {
    /// What each caption costs, on the scale of `BreakRank.cost`.
    static let captionCost = 1.0
    /// What a caption followed by another of its run (no sentence end or long pause after it)
    /// costs for the share of its character limit it leaves empty: a caption is filled as far
    /// as its phrases allow, as a subtitler fills it, rather than balanced with the next.
    static let emptinessCost = 1.0
    /// What a caption that should not stand alone costs (`CaptionChunker.isOrphan`).
    static let orphanCost = 2.0
    /// What a caption of one word (longer than an orphan's) costs: a little, so that of two
    /// cuts at equal places the one that leaves no word alone is taken.
    static let loneWordCost = 0.3
    /// What a cut where no caption may end costs: taken only when nothing else fits (a long
    /// run of one word's pieces).
    static let neverCost = 20.0
    /// What a recognized caption whose lines part a phrase costs more.
    static let partedLinesCost = 2.5
    /// How many times the preset's character limit a caption asked of the layout (a hand-timed
    /// cue's) may hold, so that a cue of thousands of words is not laid out whole again and
    /// again: the shipped presets shrink to 0.6 of their size at most, which fits 1.7 times.
    static let layoutWidthFactor = 8.0
    /// How often the layout may send the cuts back before they are taken as they are.
    static let maximumRounds = 64
    /// A candidate this many times as wide (in characters) as one the layout already found
    /// too large is taken as too large without asking: the captions of one cue share their
    /// script and fonts, so their width follows their characters, and the margin covers
    /// narrow and wide letters. A cue of thousands of words is then divided in a few rounds.
    static let tooLargeMargin = 1.15

    /// The ranges of `tokens` (marked by `CaptionChunker.markingWords`) each caption holds,
    /// in order; `caption` makes the candidate the layout is asked about.
    static func parts(
        _ tokens: [TimedToken], limits: ChunkingLimits, reading: ReadingLimits?, keepsOneLetterWords: Bool,
        words: () -> SplitWords, fit: CaptionFit?, caption: (ArraySlice<TimedToken>) -> Caption
    ) -> [Range<Int>] {
        guard tokens.count > 1 else { return tokens.isEmpty ? [] : [0..<tokens.count] }
        let ranks = self.ranks(tokens, limits: limits, keepsOneLetterWords: keepsOneLetterWords, words: words)
        let handTimed = tokens.allSatisfy(\.estimated)
        // A hand-timed cue asks the layout instead of the preset's character limit.
        let byLayout = handTimed && fit != nil
        var longest = Array(repeating: Int.max, count: tokens.count)  // the most tokens a caption from each may hold
        var verdicts: [Range<Int>: CaptionFitVerdict] = [:]
        var widest = maxWidthAsked(limits)  // the widest candidate worth asking the layout about, in characters
        func verdict(_ range: Range<Int>) -> CaptionFitVerdict {
            if let known = verdicts[range] { return known }
            let made = fit?(caption(tokens[range])) ?? .fits
            verdicts[range] = made
            if made == .tooLarge { widest = min(widest, Double(width(tokens[range])) * tooLargeMargin) }
            return made
        }
        var chosen: [Range<Int>] = []
        for _ in 0..<maximumRounds {
            chosen = shortestPath(
                tokens, ranks: ranks, limits: limits, reading: reading, characters: !byLayout, widest: widest, longest: longest,
                extra: { range in handTimed || verdicts[range] != .partsPhrase ? 0 : partedLinesCost })
            guard fit != nil else { return chosen }
            var changed = false
            for range in chosen where range.count > 1 {
                switch verdict(range) {
                case .fits: continue
                case .partsPhrase: if !handTimed { changed = true }
                case .tooLarge:
                    // The longest caption from there that fits (a longer one fits no better).
                    var (low, high) = (range.lowerBound + 1, range.upperBound - 1)
                    while low < high {
                        let middle = (low + high + 1) / 2
                        if verdict(range.lowerBound..<middle) == .tooLarge { high = middle - 1 } else { low = middle }
                    }
                    longest[range.lowerBound] = low - range.lowerBound
                    changed = true
                }
            }
            if !changed { break }
        }
        return chosen
    }

    /// The widest caption the layout is asked about before it has found one too large: a
    /// caption still holds at most `layoutWidthFactor` times the character limit, so that a
    /// cue of thousands of words is not laid out whole again and again. // characters
    static func maxWidthAsked(_ limits: ChunkingLimits) -> Double { Double(max(1, limits.maxCharacters)) * layoutWidthFactor }

    /// The display width of `tokens` as a caption line holds them, spaces between words included. // characters
    static func width(_ tokens: ArraySlice<TimedToken>) -> Int {
        zip(tokens.indices, tokens).reduce(0) { $0 + addedWidth($1.1.token, first: $1.0 == tokens.startIndex) }
    }

    /// What `token` adds to a caption's width: its display width, and the space before it
    /// unless it is the caption's `first`. // characters
    static func addedWidth(_ token: Token, first: Bool) -> Int {
        (!first && token.spaceBefore ? 1 : 0) + CaptionChunker.displayWidth(token)
    }

    /// The rank of the place before each token (index 0: the segment's start, never asked).
    static func ranks(
        _ tokens: [TimedToken], limits: ChunkingLimits, keepsOneLetterWords: Bool, words: () -> SplitWords
    ) -> [BreakRank] {
        var ranks: [BreakRank] = [.sentenceEnd]
        for k in 1..<tokens.count {
            let (before, after) = (tokens[k - 1].token, tokens[k].token)
            if before.endsSentence {
                ranks.append(.sentenceEnd)
                continue
            }
            let bareWord = bare(before) && bare(after) && !after.spaceBefore && !words().isWordBoundary(before: k)
            if tokens[k].joinsPrevious || tokens[k].continuesWord || bareWord
                || keepsOneLetterWords && OneLetterWords.isOneLetterWord(before)
            {
                ranks.append(.never)
                continue
            }
            let boundary = words().table == nil ? PhraseBoundary.free : words().boundary(before: k)
            ranks.append(
                BreakRank.rank(
                    after: before, before: after, silence: max(0, tokens[k].start - tokens[k - 1].end), boundary: boundary,
                    boundPair: after.spaceBefore && BoundWords.binds(before.display, after.display)))
        }
        return ranks
    }

    /// Whether a caption of `tokens` may go on past the long pause before token `k` (an index
    /// into `tokens`): the words before it last less than the shortest time on screen and the
    /// word after it starts within that time from the first.
    static func continuesPastPause(_ tokens: some Collection<TimedToken>, at k: Int, minDuration: Double) -> Bool {
        let array = Array(tokens)
        guard k > 0, k < array.count, let first = array.first else { return false }
        return array[k - 1].end - first.start < minDuration - 1e-9 && array[k].start < first.start + minDuration - 1e-9
    }

    /// The cuts of least cost: captions from every allowed place to every allowed place after
    /// it, within the limits, no wider than `widest` characters when the layout is asked, and
    /// no longer than `longest` from their first token. Of the ways that cost at most
    /// `closeEnough` more than the least, the one whose first caption is longest is taken, then
    /// the same for the next: a caption is filled as far as its phrases allow, as a subtitler
    /// fills it, when that costs the rest next to nothing.
    private static func shortestPath(
        _ tokens: [TimedToken], ranks: [BreakRank], limits: ChunkingLimits, reading: ReadingLimits?, characters: Bool,
        widest: Double, longest: [Int], extra: (Range<Int>) -> Double
    ) -> [Range<Int>] {
        let n = tokens.count
        // Each caption that may start at a token: where it ends and what it costs with the cut after it.
        var captions = Array(repeating: [(end: Int, cost: Double)](), count: n)
        let maxWidth = Double(max(1, limits.maxCharacters))
        let spoken = tokens.map { CaptionChunker.isSpoken($0.token) }
        for i in 0..<n {
            var width = 0
            var spokenCount = 0
            for j in (i + 1)...n {
                let k = j - 1  // the token this caption takes last
                if k > i {
                    // A caption holds no sentence end, nor a long pause but after too short a piece.
                    if ranks[k].isForced && !(isLongPause(ranks[k]) && continuesPastPause(tokens[i..<j], at: k - i, minDuration: limits.minDuration)) {
                        break
                    }
                    if j - i > longest[i] { break }
                }
                width += addedWidth(tokens[k].token, first: k == i)
                spokenCount += spoken[k] ? 1 : 0
                // Asked of the layout, a caption is no wider than `widest`: the layout is asked
                // only of what might fit.
                if k > i && !characters && Double(width) > widest { break }
                if k > i
                    && (characters && width > limits.maxCharacters
                        || CaptionChunker.tooLong(tokens[i..<j], limits, reading, characters: false))
                {
                    break
                }
                var cost = captionCost + extra(i..<j) + (j < n ? ranks[j].cost ?? neverCost : 0)
                if j < n && !ranks[j].isForced { cost += emptinessCost * max(0, 1 - Double(width) / maxWidth) }
                if limits.maxWords == nil, j - i < n {
                    if spokenCount <= 1 && CaptionChunker.isOrphan(tokens[i..<j]) {
                        cost += orphanCost
                    } else if spokenCount == 1 {
                        cost += loneWordCost
                    }
                }
                captions[i].append((j, cost))
            }
        }
        // The least cost from each token to the end.
        var rest = Array(repeating: Double.infinity, count: n + 1)
        rest[n] = 0
        for i in stride(from: n - 1, through: 0, by: -1) {
            rest[i] = captions[i].map { $0.cost + rest[$0.end] }.min() ?? .infinity
        }
        var ranges: [Range<Int>] = []
        var i = 0
        while i < n {
            let end =
                captions[i].filter { $0.cost + rest[$0.end] <= rest[i] + closeEnough }.map(\.end).max()
                ?? i + 1
            ranges.append(i..<end)
            i = end
        }
        return ranges
    }

    /// How much more than the least a way of cutting may cost and still be taken for a longer
    /// first caption.
    static let closeEnough = 0.15

    private static func isLongPause(_ rank: BreakRank) -> Bool {
        if case .longPause = rank { return true }
        return false
    }

    /// A CJK character with no punctuation on either side.
    static func bare(_ token: Token) -> Bool { token.isCJK && token.leading.isEmpty && token.trailing.isEmpty }
}
