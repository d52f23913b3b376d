/// Gives the words of hand-timed cues (SubRip, WebVTT without cue timestamps) the times a
/// recognizer heard them at, in the same audio. The cue's text is split as captions split it
/// (`Tokenizer`), each word compared by `ScriptAligner.key` (case, punctuation and apostrophes
/// aside, Traditional Chinese as Simplified, numbers in digits or words alike: `WordMatch`),
/// and the whole file's words aligned to the recognized ones by edit distance
/// (`WindowedAlignment`). A recognized word pairs only with a cue whose time, widened by
/// `toleranceSeconds` on each side, holds it. A cue word that pairs takes the recognized
/// word's times and probability; the others lie between their paired neighbours by length
/// (`estimated`). Every word stays inside its cue, in order: the cue's own start and end never
/// move. A cue that nothing pairs with, or that has word times of its own, is left as it is.
public enum ForcedAligner {
    /// How far outside a cue's time a recognized word may lie and still pair with it. // seconds
    public static let toleranceSeconds = 1.0

    /// `cues` (in any order, given back in theirs) with word times from `recognized` (a whole
    /// file's, from the audio the cues were timed against). `language` (BCP-47) chooses the
    /// number words; nil takes the first cue's, or every language's when it names none.
    public static func align(
        _ cues: [Segment], to recognized: [Word], language: String?, toleranceSeconds: Double = toleranceSeconds
    ) -> ForcedAlignment {
        let order = cues.indices.filter { needsAlignment(cues[$0]) }
            .sorted { (cues[$0].start, $0) < (cues[$1].start, $1) }
        let normalizer = ScriptAligner()
        var keys = AlignmentKeys(language: language ?? cues.first?.language)
        let heard = heardTokens(recognized, normalizer: normalizer, keys: &keys)
        let heardStarts = heard.map(\.start)

        // The rows: every word of the cues to align, in time order.
        var tokens: [[Token]] = []
        var rows: [(cue: Int, token: Int)] = []
        var rowKeys: [Int] = []
        var windows: [Range<Int>] = []
        var cueTimes: [ClosedRange<Double>] = []
        var cueStarts: [Double] = []
        for (position, index) in order.enumerated() {
            let cue = cues[index]
            let cueTokens = Tokenizer.tokens(cue.text)
            tokens.append(cueTokens)
            let first = firstIndex(heardStarts, after: cue.start - toleranceSeconds, inclusive: true)
            let window = first..<max(first, firstIndex(heardStarts, after: cue.end + toleranceSeconds, inclusive: false))
            let spread = TimedToken.spread(cueTokens, start: cue.start, end: cue.end, estimated: true)
            for (t, token) in cueTokens.enumerated() {
                let key = normalizer.key(token.text)
                guard !key.isEmpty else { continue }
                cueStarts.append(spread[t].start)
                rows.append((position, t))
                rowKeys.append(keys.id(key))
                windows.append(window)
                cueTimes.append(cue.start...max(cue.start, cue.end))
            }
        }
        let alignment = WindowedAlignment(
            cueKeys: rowKeys, cueOf: rows.map(\.cue), windows: windows, cueTimes: cueTimes,
            tolerance: toleranceSeconds, cueStarts: cueStarts,
            heardKeys: heard.map(\.key), heardStarts: heardStarts, heardEnds: heard.map(\.end), keys: keys)

        // What each cue word heard, by cue (in `order`) and token.
        var heardTimes = tokens.map { [HeardTime?](repeating: nil, count: $0.count) }
        for case .pair(let cueRows, let heardRange) in alignment.steps() {
            let pieces = cueRows.map { rows[$0] }
            let times = HeardTime.spread(
                Array(heard[heardRange]), over: pieces.map { tokens[$0.cue][$0.token] })
            for (piece, time) in zip(pieces, times) { heardTimes[piece.cue][piece.token] = time }
        }

        var segments = cues
        var summary = ForcedAlignment.Summary(cues: order.count, words: rows.count)
        for (position, index) in order.enumerated() {
            let (words, matched) = timedWords(tokens[position], heardTimes[position], cue: cues[index])
            summary.matchedWords += matched
            if matched > 0 {
                segments[index].words = words
            } else {
                summary.estimatedCues += 1
            }
        }
        return ForcedAlignment(segments: segments, summary: summary)
    }

    /// Whether a cue's words need times: it has none, or only estimated ones.
    static func needsAlignment(_ cue: Segment) -> Bool { cue.words.allSatisfy(\.estimated) }

    /// A recognized word's piece: its key, times and probability, and which word it is of.
    struct HeardToken {
        var key: Int
        var start: Double  // seconds
        var end: Double  // seconds
        var confidence: Double?
        var word: Int
    }

    /// The times a cue word takes from what it paired with.
    struct HeardTime {
        var start: Double  // seconds
        var end: Double  // seconds
        var confidence: Double?
        /// The recognized word it is (a piece of), when it paired with one alone: CJK pieces of
        /// one word are one word again.
        var word: Int?

        /// The times of cue words `tokens` that paired with `heard` together: one cue word
        /// takes all of it; several share it by length.
        static func spread(_ heard: [HeardToken], over tokens: [Token]) -> [HeardTime] {
            let start = heard.map(\.start).min() ?? 0
            let end = heard.map(\.end).max() ?? start
            let confidences = heard.compactMap(\.confidence)
            let confidence = confidences.min()
            let word = Set(heard.map(\.word)).count == 1 ? heard.first?.word : nil
            return LengthShare.spans(tokens.map(\.text.count), start: start, end: end).map {
                HeardTime(start: $0.start, end: $0.end, confidence: confidence, word: word)
            }
        }
    }

    /// The recognized words' pieces as `Tokenizer` splits them (each Chinese or Japanese
    /// character apart, its word's time shared by length), those with a key, by start.
    static func heardTokens(_ words: [Word], normalizer: ScriptAligner, keys: inout AlignmentKeys) -> [HeardToken] {
        var heard: [HeardToken] = []
        for (index, word) in words.enumerated() where word.start.isFinite && word.end.isFinite {
            let pieces = TimedToken.spread(
                Tokenizer.tokens(word.text), start: word.start, end: max(word.start, word.end), estimated: false)
            for piece in pieces {
                let key = normalizer.key(piece.token.text)
                guard !key.isEmpty else { continue }
                heard.append(
                    HeardToken(key: keys.id(key), start: piece.start, end: piece.end, confidence: word.confidence, word: index))
            }
        }
        return heard.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }

    /// The index of the first of `starts` (ascending) after `time` (or at it, when `inclusive`).
    static func firstIndex(_ starts: [Double], after time: Double, inclusive: Bool) -> Int {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if inclusive ? starts[middle] < time : starts[middle] <= time {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    /// A cue's words from its tokens and what they heard: heard times inside the cue and in
    /// order (a word heard wholly outside the cue is as if unheard), the others spread by
    /// length between them, CJK pieces of one recognized word made one word again. Returns
    /// the words and how many cue words kept heard times.
    static func timedWords(_ tokens: [Token], _ heard: [HeardTime?], cue: Segment) -> (words: [Word], matched: Int) {
        var placed = heard
        var previousEnd = cue.start
        for t in placed.indices {
            guard var time = placed[t] else { continue }
            let start = min(max(time.start, cue.start), cue.end)
            let end = min(max(time.end, start), cue.end)
            if end <= start && time.end > time.start {
                placed[t] = nil
                continue
            }
            time.start = max(start, previousEnd)
            time.end = max(end, time.start)
            previousEnd = time.end
            placed[t] = time
        }
        var timed: [TimedToken] = []
        var t = 0
        while t < tokens.count {
            if let time = placed[t] {
                timed.append(TimedToken(token: tokens[t], start: time.start, end: time.end))
                t += 1
                continue
            }
            var next = t
            while next < tokens.count && placed[next] == nil { next += 1 }
            let from = timed.last?.end ?? cue.start
            let to = next < tokens.count ? placed[next]!.start : cue.end
            timed += TimedToken.spread(Array(tokens[t..<next]), start: from, end: max(from, to), estimated: true)
            t = next
        }
        var words: [Word] = []
        for (t, token) in timed.enumerated() {
            let time = placed[t]
            if t > 0, let time, let previous = placed[t - 1], time.word != nil, time.word == previous.word,
                token.token.isCJK, tokens[t - 1].isCJK, !token.token.spaceBefore, var last = words.popLast()
            {
                last.text += token.token.display
                last.end = max(last.end, token.end)
                last.confidence = [last.confidence, time.confidence].compactMap { $0 }.min()
                words.append(last)
                continue
            }
            words.append(
                Word(
                    text: token.token.display, start: token.start, end: token.end, confidence: time?.confidence,
                    estimated: time == nil))
        }
        return (words, placed.compactMap { $0 }.count)
    }
}
