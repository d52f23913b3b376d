/// A token with the time it was spoken.
public struct TimedToken: Sendable, Equatable {
    public var token: Token
    public var start: Double  // seconds
    public var end: Double  // seconds
    /// The times were spread over a range, not measured (see `Word.estimated`).
    public var estimated = false
    /// The word it comes from is stressed (see `Word.emphasis`).
    public var emphasis = false
    /// A Chinese, Japanese or Korean character that continues the timed word of the token
    /// before it: a recognizer timed "今日は" as one word, the tokenizer made a token of each
    /// character. Captions show such a group as one `Word` (see `CaptionChunker`).
    public var joinsPrevious = false
    /// How sure the recognizer was of the word it comes from (see `Word.confidence`). // 0...1
    public var confidence: Double? = nil
    /// Adds no word to a caption's count under a word limit (set by `CaptionChunker`): an
    /// emoji or punctuation alone, a later piece of a CJK word, the second word of a bound
    /// pair, a word after a Polish, Czech or Slovak one-letter word. No caption starts on one
    /// where another place fits.
    var continuesWord = false

    /// The tokens of a segment's text with times. The text decides what is shown (its
    /// punctuation, and words a recognizer left untimed); the word timings, aligned to it
    /// token by token, decide when. Tokens no word timed are spread between their timed
    /// neighbours; a segment without word timings spreads all its tokens over its range. Spread
    /// tokens are `estimated`; the pieces of one timed word are not, and its later CJK pieces
    /// `joinsPrevious` where the text's tokens are that word's pieces in order. A word's
    /// `emphasis` goes to each of its tokens.
    public static func tokens(of segment: Segment) -> [TimedToken] {
        let textTokens = Tokenizer.tokens(segment.text)
        let words = timedWords(segment)
        guard !words.isEmpty else {
            return spread(textTokens, start: segment.start, end: segment.end, estimated: true)
        }
        guard !textTokens.isEmpty else { return inOrder(words) }

        // Which word token times each text token (same or differently spelt, in order).
        var timedBy = [Int?](repeating: nil, count: textTokens.count)
        let steps = ScriptAligner.alignment(textTokens.map { key($0.text) }, words.map { key($0.token.text) })
        for case .pair(let t, let w, _) in steps where timedBy[t] == nil {
            timedBy[t] = w
        }
        // Untimed tokens share the gap between the timed ones around them.
        var result: [TimedToken] = []
        var i = 0
        while i < textTokens.count {
            if let w = timedBy[i] {
                var timed = words[w]
                timed.token = textTokens[i]
                // A group goes on only where the text's tokens are the word's pieces in order,
                // with no space between them.
                timed.joinsPrevious = timed.joinsPrevious && i > 0 && timedBy[i - 1] == w - 1
                    && textTokens[i].isCJK && textTokens[i - 1].isCJK && !textTokens[i].spaceBefore
                result.append(timed)
                i += 1
                continue
            }
            var j = i
            while j < textTokens.count && timedBy[j] == nil { j += 1 }
            let from = result.last?.end ?? segment.start
            let to = j < textTokens.count ? words[timedBy[j]!].start : max(from, segment.end)
            result += spread(Array(textTokens[i..<j]), start: from, end: max(from, to), estimated: true)
            i = j
        }
        return inOrder(result)
    }

    /// `tokens` with starts that never go back and no end before its start: a token that
    /// would start before the one ahead of it starts with it. Words whose times overlap (one
    /// ending after the next starts) would otherwise give a caption that ends before it starts.
    static func inOrder(_ tokens: [TimedToken]) -> [TimedToken] {
        var result = tokens
        for k in result.indices {
            if k > 0 { result[k].start = max(result[k].start, result[k - 1].start) }
            result[k].end = max(result[k].end, result[k].start)
        }
        return result
    }

    /// The segment's words as tokens, times clamped into the segment and made to increase;
    /// each CJK piece of a word after a CJK piece `joinsPrevious`.
    private static func timedWords(_ segment: Segment) -> [TimedToken] {
        var result: [TimedToken] = []
        var previousStart = segment.start
        for word in segment.words {
            let tokens = Tokenizer.tokens(word.text)
            guard !tokens.isEmpty else { continue }
            let start = min(max(word.start, previousStart), segment.end)
            let end = min(max(word.end, start), segment.end)
            var pieces = spread(tokens, start: start, end: end, estimated: word.estimated)
            for k in pieces.indices {
                pieces[k].emphasis = word.emphasis
                pieces[k].confidence = word.confidence
                pieces[k].joinsPrevious = k > 0 && pieces[k].token.isCJK && pieces[k - 1].token.isCJK
            }
            result += pieces
            previousStart = start
        }
        return result
    }

    /// How tokens compare between a segment's text and its words: lowercase, letters, digits and attached symbols.
    static func key(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber || Tokenizer.attachedSymbols.contains($0) })
    }

    /// Tokens given times across `start...end` in proportion to their length (`LengthShare`).
    static func spread(_ tokens: [Token], start: Double, end: Double, estimated: Bool) -> [TimedToken] {
        zip(tokens, LengthShare.spans(tokens.map(\.text.count), start: start, end: end)).map { token, span in
            TimedToken(token: token, start: span.start, end: span.end, estimated: estimated)
        }
    }
}
