/// Splits caption text into tokens by FoxTake's rules: Chinese, Japanese and Korean per
/// character, other scripts per word; `% ° $ € £ ¥ + & @ # /` stay attached to their word;
/// `.` `,` `:` between two digits stay (`3.5`, `1,000`, `10:30`).
public enum Tokenizer {
    /// Symbols that belong to the word they touch.
    public static let attachedSymbols: Set<Character> = ["%", "°", "$", "€", "£", "¥", "+", "&", "@", "#", "/"]
    /// Punctuation kept inside a word when a digit stands on both sides.
    static let numberSeparators: Set<Character> = [".", ",", ":"]
    /// Punctuation kept inside a word when a letter stands on both sides (`don't`, `well-known`).
    static let wordJoiners: Set<Character> = ["'", "’", "-", "‐"]
    /// Punctuation that ends a sentence: a caption ends after it, and a line breaks best after it.
    public static let sentenceEnds: Set<Character> = [".", "?", "!", "。", "？", "！", "…", "؟", "।"]
    /// Punctuation that ends a clause: a preferred place to split a caption or break a line.
    public static let clauseEnds: Set<Character> = [",", ";", ":", "，", "、", "；", "：", "،"]

    /// The tokens of `text`, in order.
    public static func tokens(_ text: String) -> [Token] {
        let characters = Array(text)
        var tokens: [Token] = []
        var word = ""
        var leading = ""
        var spaceBefore = false

        func finishWord() {
            guard !word.isEmpty else { return }
            tokens.append(Token(text: word, leading: leading, spaceBefore: spaceBefore))
            word = ""
            leading = ""
            spaceBefore = false
        }
        func attachTrailing(_ c: Character) {
            if tokens.isEmpty {
                leading.append(c)
            } else {
                tokens[tokens.count - 1].trailing.append(c)
            }
        }

        for (i, c) in characters.enumerated() {
            let previous = i > 0 ? characters[i - 1] : nil
            let next = i + 1 < characters.count ? characters[i + 1] : nil
            if c.isWhitespace {
                finishWord()
                if !tokens.isEmpty || !leading.isEmpty { spaceBefore = true }
                continue
            }
            if isCJK(c) {
                finishWord()
                tokens.append(Token(text: String(c), leading: leading, spaceBefore: spaceBefore, isCJK: true))
                leading = ""
                spaceBefore = false
                continue
            }
            if isWordCharacter(c) || attachedSymbols.contains(c)
                || (numberSeparators.contains(c) && previous?.isNumber == true && next?.isNumber == true && !word.isEmpty)
                || (wordJoiners.contains(c) && previous.map(isWordCharacter) == true && next.map(isWordCharacter) == true
                    && !word.isEmpty)
                || (c == "." && previous?.isLetter == true && next?.isLetter == true && !word.isEmpty)  // U.S.A, e.g
            {
                word.append(c)
                continue
            }
            // Other punctuation: before a word that follows directly it opens (“, (, ¿), else it closes.
            if word.isEmpty, let next, !next.isWhitespace, isWordCharacter(next) || isCJK(next) || attachedSymbols.contains(next),
                previous == nil || previous!.isWhitespace || isOpening(c)
            {
                leading.append(c)
            } else {
                finishWord()
                attachTrailing(c)
            }
        }
        finishWord()
        if !leading.isEmpty, var last = tokens.popLast() {
            // Punctuation with no word after it closes the last token.
            last.trailing += leading
            tokens.append(last)
        }
        return tokens
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

    /// A Chinese, Japanese or Korean character (Han, kana, Hangul, CJK symbols as letters).
    public static func isCJK(_ c: Character) -> Bool {
        guard let scalar = c.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return true  // kana
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return true  // Hangul
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: return true  // Han
        case 0x3005, 0x3007: return true  // 々 〇
        default: return false
        }
    }

    static func isWordCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c.unicodeScalars.first.map { $0.properties.generalCategory == .nonspacingMark } == true
    }

    private static func isOpening(_ c: Character) -> Bool {
        ["(", "[", "{", "“", "‘", "\"", "'", "«", "¿", "¡", "「", "『", "（", "《", "〈"].contains(c)
    }
}
