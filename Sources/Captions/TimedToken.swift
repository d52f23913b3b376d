import Foundation

/// A token with the time it was spoken.
public struct TimedToken: Sendable, Equatable {
    public var token: Token
    public var start: Double  // seconds
    public var end: Double  // seconds

    public init(token: Token, start: Double, end: Double) {
        self.token = token
        self.start = start
        self.end = end
    }

    /// The tokens of a segment with times: from its word timings when it has them (a word of
    /// several tokens, such as 你好, shares its range evenly), else spread over the segment
    /// by character count.
    public static func tokens(of segment: Segment) -> [TimedToken] {
        guard !segment.words.isEmpty else {
            return spread(Tokenizer.tokens(segment.text), start: segment.start, end: segment.end)
        }
        var result: [TimedToken] = []
        var cursor = segment.text.startIndex
        for word in segment.words {
            var tokens = Tokenizer.tokens(word.text)
            guard !tokens.isEmpty else { continue }
            // Whether a space preceded the word in the segment's text (CJK words usually have none).
            let spaced: Bool
            if let found = segment.text.range(of: word.text[...].trimmingWhitespace(), range: cursor..<segment.text.endIndex) {
                spaced = found.lowerBound > segment.text.startIndex
                    && segment.text[segment.text.index(before: found.lowerBound)].isWhitespace
                cursor = found.upperBound
            } else {
                spaced = !(result.last?.token.isCJK == true && tokens[0].isCJK)
            }
            tokens[0].spaceBefore = !result.isEmpty && spaced
            result += spread(tokens, start: word.start, end: word.end)
        }
        return result
    }

    /// Tokens given times across `start...end` in proportion to their length.
    static func spread(_ tokens: [Token], start: Double, end: Double) -> [TimedToken] {
        let lengths = tokens.map { Double(max(1, $0.text.count)) }
        let total = lengths.reduce(0, +)
        var position = 0.0
        return zip(tokens, lengths).map { token, length in
            let from = start + (end - start) * position / total
            position += length
            return TimedToken(token: token, start: from, end: start + (end - start) * position / total)
        }
    }
}
