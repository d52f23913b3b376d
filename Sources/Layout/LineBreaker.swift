import Captions
import UnicodeText

/// Where caption lines may break: ICU's line-break rules for the language (UAX #14 at ICU's
/// default strictness, so in Japanese no line starts with `。`, `、` or `」`), kept only at
/// ICU's word boundaries where they touch Chinese, Japanese, Korean, Thai, Lao, Khmer or
/// Burmese letters, never inside a number or between a number and its symbol, and ranked
/// by what comes before them (see `BreakRules`).
public enum LineBreaker {
    /// The places a caption layout may break `text` (language: BCP-47, or nil), in order.
    /// Offsets are UTF-8 byte offsets where a new line may start, strictly increasing, always
    /// between grapheme clusters; 0 and the end of the text are never included (the caller
    /// knows where the text ends). A break after white space is at the start of the next word:
    /// the space ends the previous line. Each break says what it does to the phrase around it
    /// by `phrases` (the language's closed-class table; none: free). Empty if ICU fails.
    public static func breaks(in text: String, language: String?, phrases: PhraseTable? = nil) -> [LineBreak] {
        let utf16 = UTF16Text(text)
        guard utf16.count > 0 else { return [] }
        // Japanese breaks between phrases (bunsetsu), so スマートフォンを and 焼き込む stay whole.
        let lineLocale = language.map { $0 == "ja" || $0.hasPrefix("ja-") && !$0.contains("-u-") ? $0 + "-u-lw-phrase" : $0 }
        let opportunities = (try? TextBoundaries.lines(in: utf16, locale: lineLocale)) ?? []
        let words = (try? TextBoundaries.words(in: utf16, locale: language)) ?? []
        let rules = BreakRules(
            text: utf16, wordBoundaries: Set(words), keepsOneLetterWords: OneLetterWords.keptWithNext(in: language))
        var kept: [Int] = []
        var priorities: [LineBreak.Priority] = []
        for (offset, isHard) in opportunities {
            guard let priority = rules.priority(at: offset, hard: isHard) else { continue }
            kept.append(offset)
            priorities.append(priority)
        }
        // UAX #14 breaks before an emoji modifier after a letter (`X🏽`), inside what is one
        // grapheme cluster (UAX #29) and one HarfBuzz cluster: a line never starts there.
        let clusters = Set(graphemeBreaks(in: text))
        let pieces = phrases.map { PhraseWords(utf16, boundaries: words, table: $0) }
        // After punctuation the piece before is no word: such a break is free of the tables.
        let boundaries = zip(kept, priorities).map { offset, priority in
            guard let pieces, priority == .space || priority == .word || priority == .bound else {
                return PhraseBoundary.free
            }
            return pieces.boundary(at: offset)
        }
        return zip(utf16.utf8Offsets(kept), zip(priorities, boundaries)).filter { clusters.contains($0.0) }
            .map { LineBreak(offset: $0, priority: $1.0, phrase: $1.1) }
    }

    /// UTF-8 byte offsets between the extended grapheme clusters of `text` (excluding 0 and
    /// the end): the last resort for a word wider than the line (`TextBoundaries.graphemes`,
    /// so a Devanagari conjunct such as क्ष stays whole).
    public static func graphemeBreaks(in text: String) -> [Int] { TextBoundaries.graphemes(in: text) }
}
