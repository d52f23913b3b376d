/// A run of caption text between white space, and where it stands: the unit inside which
/// `Tokenizer` glues punctuation to words. Punctuation never crosses white space here.
struct TextChunk {
    /// The characters, none of them white space a line may break at.
    var text: Substring
    /// White space stood before it and it is not the first run of the text.
    var spaceBefore: Bool
    /// It is the first run of the text or of a line (a newline stood in the white space before it).
    var startsLine: Bool

    /// The runs of `text` in order.
    static func chunks(of text: String) -> [TextChunk] {
        var chunks: [TextChunk] = []
        var rest = text[...]
        var newline = true
        while let start = rest.firstIndex(where: { !$0.isBreakingSpace }) {
            newline = newline || rest[..<start].contains(where: \.isNewline)
            let end = rest[start...].firstIndex(where: \.isBreakingSpace) ?? rest.endIndex
            chunks.append(TextChunk(text: rest[start..<end], spaceBefore: !chunks.isEmpty, startsLine: newline))
            rest = rest[end...]
            newline = false
        }
        return chunks
    }

    /// Whether it holds a word character (a letter, digit, symbol, emoji or CJK character):
    /// without one it is punctuation only.
    var hasWord: Bool { text.contains(where: Tokenizer.isWordCharacter) }

    /// The tokens of a run that has a word character. Chinese, Japanese and Korean characters
    /// are tokens of their own; a word takes `attachedSymbols`, `numberSeparators` between two
    /// digits, `wordJoiners` and `.` between two letters; other punctuation before the first
    /// word (or an opening mark right before a word) leads it, any other closes the token
    /// before it. The first token has `spaceBefore` of the run.
    var tokens: [Token] {
        let characters = Array(text)
        var tokens: [Token] = []
        var word = ""
        var leading = ""
        func append(_ text: String, isCJK: Bool = false) {
            tokens.append(Token(text: text, leading: leading, spaceBefore: tokens.isEmpty && spaceBefore, isCJK: isCJK))
            leading = ""
        }
        func finishWord() {
            guard !word.isEmpty else { return }
            append(word)
            word = ""
        }
        for (i, c) in characters.enumerated() {
            let previous = i > 0 ? characters[i - 1] : nil
            let next = i + 1 < characters.count ? characters[i + 1] : nil
            if Tokenizer.isCJK(c) {
                finishWord()
                append(String(c), isCJK: true)
            } else if Tokenizer.isWordCharacter(c)
                || (!word.isEmpty && Self.staysInWord(c, between: previous, and: next))
            {
                word.append(c)
            } else if word.isEmpty, let next, Tokenizer.isWordCharacter(next), previous == nil || Tokenizer.isOpening(c) {
                leading.append(c)
            } else {
                finishWord()
                if tokens.isEmpty {
                    leading.append(c)  // punctuation before the run's first word: "“(" in “(Yes
                } else {
                    tokens[tokens.count - 1].trailing.append(c)
                }
            }
        }
        finishWord()
        return tokens
    }

    /// Whether the punctuation `c` inside a word stays in it: `3.5`, `1,000`, `10:30`,
    /// `don't`, `well-known`, `U.S.A`.
    private static func staysInWord(_ c: Character, between previous: Character?, and next: Character?) -> Bool {
        guard let previous, let next else { return false }
        return (Tokenizer.numberSeparators.contains(c) && previous.isNumber && next.isNumber)
            || (Tokenizer.wordJoiners.contains(c) && Tokenizer.isWordCharacter(previous)
                && Tokenizer.isWordCharacter(next))
            || (c == "." && previous.isLetter && next.isLetter)
    }
}
