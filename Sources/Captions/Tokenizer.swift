import UnicodeText

/// Splits caption text into tokens by FoxTake's rules: Chinese, Japanese and Korean per
/// character, other scripts per word; `% ° $ € £ ¥ + & @ # /` stay attached to their word;
/// `.` `,` `:` between two digits stay (`3.5`, `1,000`, `10:30`). Every character that is
/// neither white space nor Unicode punctuation (general categories P*) is a word character,
/// so symbols and emoji are words too (`♪`, `🎉`). No character is lost or moved:
/// `join(tokens(s))` is `s` with each run of white space (newlines too) made one space and
/// none at either end.
public enum Tokenizer {
    /// Symbols that belong to the word they touch.
    public static let attachedSymbols: Set<Character> = ["%", "°", "$", "€", "£", "¥", "+", "&", "@", "#", "/"]
    /// Punctuation kept inside a word when a digit stands on both sides.
    static let numberSeparators: Set<Character> = [".", ",", ":"]
    /// Punctuation kept inside a word when a word character stands on both sides (`don't`, `well-known`).
    static let wordJoiners: Set<Character> = ["'", "’", "-", "‐"]
    /// Punctuation that ends a sentence: a caption ends after it, and a line breaks best after it.
    public static let sentenceEnds: Set<Character> = [".", "?", "!", "。", "？", "！", "…", "؟", "।"]
    /// Punctuation that ends a clause: a preferred place to split a caption or break a line.
    public static let clauseEnds: Set<Character> = [",", ";", ":", "，", "、", "；", "：", "،"]
    /// Marks that French sets after a space and that still close the word before them.
    static let spacedClosers: Set<Character> = ["?", "!", ":", ";", "»"]

    /// The tokens of `text`, in order. Inside a run of text between white space see
    /// `TextChunk.tokens`; a run of punctuation only (`-`, `—`, `...`, `?`, `«`) is kept
    /// with its spaces:
    /// - a French closing mark (`?`, `!`, `:`, `;`, `»` first) after a word closes it, the space
    ///   kept in `trailing` (`va ?` gives `va` with trailing ` ?`);
    /// - opening marks (`«`, `¿`, `¡`, `“`, `(`: Unicode Ps and Pi), and a dash that starts the
    ///   text or a line (a dialogue dash), lead the next word, the space kept in `leading`
    ///   (`« Oui` gives `Oui` with leading `« `);
    /// - any other, or one that nothing follows, is a token of its own whose `text` is the
    ///   punctuation (`this - that`, `wait ... what`).
    public static func tokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var opening: [TextChunk] = []  // opening marks waiting for their word
        func flushOpening() {
            tokens += opening.map { Token(text: String($0.text), spaceBefore: $0.spaceBefore) }
            opening = []
        }
        for chunk in TextChunk.chunks(of: text) {
            if chunk.hasWord {
                var words = chunk.tokens
                if let first = opening.first {
                    words[0].leading = opening.map { $0.text + " " }.joined() + words[0].leading
                    words[0].spaceBefore = first.spaceBefore
                    opening = []
                }
                tokens += words
            } else if opens(chunk) {
                opening.append(chunk)
            } else {
                flushOpening()
                if let first = chunk.text.first, spacedClosers.contains(first), !tokens.isEmpty {
                    tokens[tokens.count - 1].trailing += " " + chunk.text
                } else {
                    tokens.append(Token(text: String(chunk.text), spaceBefore: chunk.spaceBefore))
                }
            }
        }
        flushOpening()
        return tokens.flatMap(splitDictionaryWords)
    }

    /// Thai, Lao, Khmer and Burmese write words without spaces: a run of them is split into
    /// ICU's dictionary words, so captions can be cut between them.
    static func splitDictionaryWords(_ token: Token) -> [Token] {
        let spaceless = token.text.unicodeScalars.contains { UnicodeScript(of: $0).isSoutheastAsian }
        guard spaceless else { return [token] }
        let text = UTF16Text(token.text)
        guard let ends = try? TextBoundaries.words(in: text, locale: nil), ends.count > 1 else { return [token] }
        var pieces: [Token] = []
        var start = 0
        for end in ends where end > start {
            pieces.append(Token(text: text.string(in: start..<end), spaceBefore: pieces.isEmpty && token.spaceBefore))
            start = end
        }
        guard !pieces.isEmpty else { return [token] }
        pieces[0].leading = token.leading
        pieces[pieces.count - 1].trailing = token.trailing
        return pieces
    }

    /// Whether a run of punctuation opens what follows it: opening marks only, or dashes
    /// only at the start of the text or of a line.
    private static func opens(_ chunk: TextChunk) -> Bool {
        chunk.text.allSatisfy(isOpeningMark) || (chunk.startsLine && chunk.text.allSatisfy(isDash))
    }

    /// The text of tokens joined again, with a space wherever one separated them.
    public static func join(_ tokens: [Token]) -> String {
        var text = ""
        for (i, token) in tokens.enumerated() {
            if i > 0 && token.spaceBefore { text += " " }
            text += token.display
        }
        return text
    }

    /// The no-break spaces: white space that joins rather than separates.
    static let noBreakSpaces: Set<Character> = ["\u{A0}", "\u{2007}", "\u{202F}"]

    /// A Chinese, Japanese or Korean character: its first scalar is Han (`々` and `〇` too),
    /// kana (with `ー`, `゛`, `゜`, `゠`) or Hangul, by ICU's scripts (`CJKScript`).
    public static func isCJK(_ c: Character) -> Bool {
        guard let scalar = c.unicodeScalars.first else { return false }
        return CJKScript(scalar) != nil
    }

    /// A character of a word: neither white space a line may break at nor punctuation, or one
    /// of `attachedSymbols`. A no-break space (`10 000`, SubRip's `\h`) holds its word together.
    static func isWordCharacter(_ c: Character) -> Bool {
        !c.isBreakingSpace && (!isPunctuation(c) || attachedSymbols.contains(c))
    }

    /// Unicode punctuation (general categories P*), but not an emoji built on it such as #️⃣.
    static func isPunctuation(_ c: Character) -> Bool {
        guard let first = c.unicodeScalars.first,
            !c.unicodeScalars.contains(where: { $0 == "\u{FE0F}" || $0 == "\u{20E3}" })
        else { return false }
        switch first.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    /// Punctuation that leads the word right after it inside a run (`(`, `“`, `¿`).
    static func isOpening(_ c: Character) -> Bool {
        ["(", "[", "{", "“", "‘", "\"", "'", "«", "¿", "¡", "「", "『", "（", "《", "〈"].contains(c)
    }

    /// An opening mark that leads the next word across a space: Unicode Ps and Pi (`(`, `«`, `“`), `¿`, `¡`.
    private static func isOpeningMark(_ c: Character) -> Bool {
        guard let category = c.unicodeScalars.first?.properties.generalCategory else { return false }
        return category == .openPunctuation || category == .initialPunctuation || c == "¿" || c == "¡"
    }

    /// A dash (Unicode Pd: `-`, `–`, `—`).
    private static func isDash(_ c: Character) -> Bool {
        c.unicodeScalars.first?.properties.generalCategory == .dashPunctuation
    }
}

extension Character {
    /// White space between words, where a line may break: every kind but the no-break spaces.
    public var isBreakingSpace: Bool { isWhitespace && !Tokenizer.noBreakSpaces.contains(self) }
}
