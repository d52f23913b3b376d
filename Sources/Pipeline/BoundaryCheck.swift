import Captions
import Layout
import UnicodeText

/// A line or caption that ends on a closed-class word of its language (`PhraseTable`), or
/// before one that binds back, where another break, free of bound words, fits: lint's
/// `boundary` rule, and what the phrase-boundary tests count.
public struct BadEnd: Sendable, Equatable {
    /// Where the text was cut.
    public enum Place: String, Sendable {
        case line, caption
    }

    public var place: Place
    public var boundary: PhraseBoundary
    /// The text up to the cut and from it (the next line, or the next caption).
    public var before: String
    public var after: String

    /// `the line ends on "the" (article), which belongs with the word after it`.
    public var message: String {
        switch boundary {
        case .afterBound(let word, let wordClass):
            return "the \(place.rawValue) ends on \"\(word)\" (\(wordClass.rawValue)), which belongs with the word after it"
        case .beforeBound(let word, let wordClass):
            return "the next \(place.rawValue) starts with \"\(word)\" (\(wordClass.rawValue)), which belongs with the word before it"
        case .insideNounPhrase(let word):
            return "the \(place.rawValue) ends on \"\(word)\", an adjective before its noun"
        case .free, .beforeOpener:
            return "the \(place.rawValue) ends at a phrase boundary"
        }
    }
}

/// Finds the ends of lines and captions that part a bound word from its neighbour where the
/// text could have been cut at a free place instead.
public enum BoundaryCheck {
    /// The bad end between the two lines of a caption (`lines`, as laid out), or nil. Another
    /// break fits when both lines it makes `fit` (a line's text).
    public static func lineEnd(_ lines: [String], table: PhraseTable, language: String?, fits: (String) -> Bool) -> BadEnd? {
        guard let found = lineBreaks(lines, table: table, language: language), found.here.phrase.partsClosedClassWord
        else { return nil }
        let bytes = Array(found.text.utf8)
        let better = found.breaks.contains { candidate in
            guard candidate.offset != found.here.offset, !candidate.phrase.isBound, candidate.priority > .bound else { return false }
            let first = String(decoding: bytes[..<candidate.offset], as: UTF8.self)
            let second = String(decoding: bytes[candidate.offset...], as: UTF8.self)
            return fits(String(first[...].trimmingWhitespace())) && fits(String(second[...].trimmingWhitespace()))
        }
        return better ? BadEnd(place: .line, boundary: found.here.phrase, before: lines[0], after: lines[1]) : nil
    }

    /// What the break between two lines (or two captions: `lines`) does to a phrase when it
    /// parts a closed-class word from its neighbour (`the | kitchen`, `have | been`); nil when
    /// it parts none, or `lines` are not two.
    public static func boundBreak(_ lines: [String], table: PhraseTable, language: String?) -> PhraseBoundary? {
        guard lines.count == 2 else { return nil }
        let separator = joiner(lines[0], lines[1])
        let text = lines[0] + separator + lines[1]
        // The table alone, without the line breaker's other breaks: layout asks this of every caption of two lines.
        let phrase = evaluated(text, at: Array(lines[0].utf8).count + separator.utf8.count, table: table, language: language).phrase
        return phrase.partsClosedClassWord ? phrase : nil
    }

    /// Two lines joined as one text, the breaks the line breaker finds in it, and the one between them.
    private static func lineBreaks(_ lines: [String], table: PhraseTable, language: String?)
        -> (text: String, breaks: [LineBreak], here: LineBreak)?
    {
        guard lines.count == 2 else { return nil }
        let separator = joiner(lines[0], lines[1])
        let text = lines[0] + separator + lines[1]
        let cut = Array(lines[0].utf8).count + separator.utf8.count
        let breaks = LineBreaker.breaks(in: text, language: language, phrases: table)
        let here = breaks.first(where: { $0.offset == cut }) ?? evaluated(text, at: cut, table: table, language: language)
        return (text, breaks, here)
    }

    /// The bad end between a caption's `text` and the next caption's, which continues it, or
    /// nil: it ends on a bound word though one of its last `wordsBack` word breaks is free and
    /// the words after that break `fit` with the next caption's text (a caption's text).
    public static func captionEnd(
        _ text: String, next: String, table: PhraseTable, language: String?, wordsBack: Int, fits: (String) -> Bool
    ) -> BadEnd? {
        guard let last = text.last, !Tokenizer.sentenceEnds.contains(last), !Tokenizer.clauseEnds.contains(last) else { return nil }
        let separator = joiner(text, next)
        let joined = text + separator + next
        let cut = Array(text.utf8).count + separator.utf8.count
        let breaks = LineBreaker.breaks(in: joined, language: language, phrases: table)
        let here = breaks.first(where: { $0.offset == cut }) ?? evaluated(joined, at: cut, table: table, language: language)
        guard here.phrase.partsClosedClassWord else { return nil }
        let bytes = Array(joined.utf8)
        let earlier = breaks.filter { $0.offset < cut && $0.priority >= .word }.suffix(wordsBack)
        let better = earlier.contains { candidate in
            !candidate.phrase.isBound
                && fits(String(String(decoding: bytes[candidate.offset...], as: UTF8.self)[...].trimmingWhitespace()))
        }
        return better ? BadEnd(place: .caption, boundary: here.phrase, before: text, after: next) : nil
    }

    /// A space between two texts unless both sides of the cut are letters of a script written
    /// without spaces (Chinese, Japanese, Thai ...).
    private static func joiner(_ first: String, _ second: String) -> String {
        guard let last = first.unicodeScalars.last, let next = second.unicodeScalars.first else { return " " }
        return LineBreakClass(of: last).breaksBetweenLetters && LineBreakClass(of: next).breaksBetweenLetters ? "" : " "
    }

    /// The phrase boundary at `offset` (UTF-8), as the table finds it there (also where ICU's line rules put no break).
    private static func evaluated(_ text: String, at offset: Int, table: PhraseTable, language: String?) -> LineBreak {
        let utf16 = String(decoding: Array(text.utf8)[..<offset], as: UTF8.self).utf16.count
        return LineBreak(offset: offset, priority: .word, phrase: PhraseWords(text, language: language, table: table).boundary(at: utf16))
    }
}
