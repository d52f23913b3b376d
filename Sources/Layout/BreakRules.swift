import Captions
import UnicodeText

/// Caption rules for ICU's line-break opportunities: which ones a caption may use and how
/// good each one is. ICU's line rules (UAX #14) allow a break between any two ideographs
/// and inside fullwidth numbers, so where a break touches Chinese, Japanese, Korean, Thai,
/// Lao, Khmer or Burmese letters it must also be one of ICU's (dictionary) word boundaries,
/// and no break may split a number or part it from its symbol. A break that parts a name from
/// its number or a number from its unit is `bound`: the last resort before breaking a word.
struct BreakRules {
    let text: UTF16Text
    let wordBoundaries: Set<Int>  // UTF-16 offsets
    /// Whether a line may not end on a one-letter word (`v`, `z`, `i`): Polish, Czech and
    /// Slovak typography carries it to the next line.
    var keepsOneLetterWords = false

    /// The priority of ICU's break at `offset` (UTF-16; `hard` after a newline), or nil when
    /// a caption must not break there: at the end of the text, after nothing but white space
    /// since the start of a line, inside a word, or inside a number.
    func priority(at offset: Int, hard: Bool) -> LineBreak.Priority? {
        if hard { return .mandatory }
        guard let next = text.scalar(at: offset) else { return nil }
        // White space before the break stays at the end of the previous line.
        var end = offset
        while let start = text.start(before: end), let scalar = text.scalar(at: start), scalar.isInlineSpace {
            end = start
        }
        let spaced = end < offset
        guard let last = text.scalar(before: end), !last.isNewline else { return nil }
        if splitsWord(at: offset) || splitsNumber(at: offset, last: last, end: end, next: next, spaced: spaced) {
            return nil
        }
        let priority = priority(after: end, spaced: spaced)
        guard priority == .space else { return priority }
        if partsBoundWords(before: end, after: offset) { return .bound }
        if keepsOneLetterWords, word(endingAt: end).count == 1, word(endingAt: end).first?.isLetter == true { return .bound }
        return priority
    }

    /// `sentence` or `clause` after their punctuation (closing quotes and brackets may follow
    /// it), else `space` after white space, else `word`.
    private func priority(after end: Int, spaced: Bool) -> LineBreak.Priority {
        var mark = end
        while let start = text.start(before: mark), let scalar = text.scalar(at: start), scalar.isClosing {
            mark = start
        }
        if let scalar = text.scalar(before: mark) {
            if Tokenizer.sentenceEnds.contains(Character(scalar)) { return .sentence }
            if Tokenizer.clauseEnds.contains(Character(scalar)) { return .clause }
        }
        return spaced ? .space : .word
    }

    /// Whether a break across white space (the word before ending at `end`, the next starting
    /// at `offset`) parts a bound pair (`BoundWords`: `iPhone 15`, `12 km`, `10 000`).
    private func partsBoundWords(before end: Int, after offset: Int) -> Bool {
        BoundWords.binds(word(endingAt: end), word(startingAt: offset))
    }

    /// The run of non-space characters that ends at `end` (UTF-16 offset).
    private func word(endingAt end: Int) -> String {
        var start = end
        while let previous = text.start(before: start), let scalar = text.scalar(at: previous), !scalar.properties.isWhitespace {
            start = previous
        }
        return text.string(in: start..<end)
    }

    /// The run of non-space characters that starts at `offset` (UTF-16 offset).
    private func word(startingAt offset: Int) -> String {
        var end = offset
        while let scalar = text.scalar(at: end), !scalar.properties.isWhitespace { end += UTF16.width(scalar) }
        return text.string(in: offset..<end)
    }

    /// Whether a break at `offset` touches a letter that ICU's line rules break around
    /// (Han, kana, Hangul, fullwidth forms, Thai, ...) without being a word boundary.
    private func splitsWord(at offset: Int) -> Bool {
        guard !wordBoundaries.contains(offset) else { return false }
        let touched = [text.scalar(before: offset), text.scalar(at: offset)].compactMap { $0 }
        return touched.contains { LineBreakClass(of: $0).breaksBetweenLetters }
    }

    /// Whether a break at `offset` splits a number (`3.5`, `1,000`, `10:30`, `1/2`, `１０：３０`)
    /// or parts a number from its symbol (`5%`, `$20`, `€5`, `25°C`, `#1`, `５０％`, and across
    /// a space `20 €`, `5 %`, `$ 20`). `last` is the scalar before the break and the white
    /// space in front of it, which ends at `end`; `next` the scalar after the break.
    private func splitsNumber(at offset: Int, last: Unicode.Scalar, end: Int, next: Unicode.Scalar, spaced: Bool)
        -> Bool
    {
        let beforeLast = text.start(before: end).flatMap(text.scalar(before:))
        let afterNext = text.scalar(at: offset + UTF16.width(next))
        // Across a space a symbol goes with the number on its other side (`20$ 30$`, `20 $30`).
        if last.isDigit && next.isNumberSuffix { return !(spaced && afterNext?.isDigit == true) }
        if last.isNumberPrefix && next.isDigit { return !(spaced && beforeLast?.isDigit == true) }
        guard !spaced else { return false }
        if last.isDigit && next.isDigit { return true }
        if last.isNumberSeparator && next.isDigit { return beforeLast?.isDigit == true }
        if last.isDigit && next.isNumberSeparator { return afterNext?.isDigit == true }
        return false
    }
}

extension Unicode.Scalar {
    /// A decimal digit of any script (`5`, `５`, `๕`).
    fileprivate var isDigit: Bool { properties.numericType == .decimal }

    /// Punctuation inside a number when a digit stands on both sides (`3.5`, `1,000`, `10:30`,
    /// `1/2`). The fullwidth comma `，` is left out: in Chinese it is always a clause comma.
    fileprivate var isNumberSeparator: Bool { ".,:/．：／٫٬".unicodeScalars.contains(self) }

    /// White space within a line (not a newline).
    fileprivate var isInlineSpace: Bool { properties.isWhitespace && !isNewline }

    /// A mandatory line break character (UAX #14 classes BK, CR, LF and NL).
    fileprivate var isNewline: Bool { LineBreakClass(of: self).isMandatoryBreak }

    /// Closing punctuation that may follow a full stop or comma: `)`, `」`, `”`, `"`, `»`.
    fileprivate var isClosing: Bool {
        switch properties.generalCategory {
        case .closePunctuation, .finalPunctuation: return true
        default: return properties.isQuotationMark
        }
    }
}
