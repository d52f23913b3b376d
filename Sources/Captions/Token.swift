/// One unit of caption text: a word, or one Chinese, Japanese or Korean character, with
/// the punctuation around it kept apart so that it can be compared and re-joined. A run of
/// punctuation between spaces that belongs to no word is a token of its own (`text` "—").
public struct Token: Sendable, Equatable {
    public var text: String  // the word itself: "5%", "$20", "3.5", "字", "♪"
    public var leading: String  // punctuation before it: "(", "“", and "« " or "- " with the space kept
    public var trailing: String  // punctuation after it: ".", ",", "。", and " ?" (French) with the space kept
    public var spaceBefore: Bool  // white space separated it from the previous token
    public var isCJK: Bool  // one Chinese, Japanese or Korean character

    public init(text: String, leading: String = "", trailing: String = "", spaceBefore: Bool = false, isCJK: Bool = false) {
        self.text = text
        self.leading = leading
        self.trailing = trailing
        self.spaceBefore = spaceBefore
        self.isCJK = isCJK
    }

    /// The token as shown: leading punctuation, text, trailing punctuation.
    public var display: String { leading + text + trailing }

    /// Whether a caption must end after this token (a full stop, `?` or `!`). The full stop
    /// of an English abbreviation (`Dr.`, `etc.`, `U.S.`, `J.`; see `Abbreviation`) is none,
    /// unless more follows it (`etc.?`).
    public var endsSentence: Bool {
        var closing = trailing[...]
        if closing.first == ".", Abbreviation.isAbbreviation(text) { closing = closing.dropFirst() }
        return closing.contains(where: Tokenizer.sentenceEnds.contains)
    }

    /// Whether this token ends a clause (a comma, semicolon or colon): a preferred split.
    public var endsClause: Bool { trailing.contains(where: Tokenizer.clauseEnds.contains) }
}
