/// English abbreviations, whose full stop ends no sentence. The list is English only: other
/// languages' abbreviations (`z.B.`, `M.`, `p. ex.`) still end a caption at their full stop,
/// except those with a full stop inside (`z.B`), which the last rule covers.
enum Abbreviation {
    /// Titles, Latin abbreviations and month abbreviations (not `May`), compared without case.
    static let english: Set<String> = [
        "dr", "mr", "mrs", "ms", "prof", "st", "jr", "sr", "vs", "etc",
        "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
    ]

    /// Whether `word` (a token's text, without its full stop) is an abbreviation: one of
    /// `english`; a single letter A to Z but `I` (an initial: `J.`); or a word with a full stop
    /// after a letter inside (`U.S`, `e.g`, `i.e`, `a.m`, `p.m`, `U.S.A`; not `3.5`).
    static func isAbbreviation(_ word: String) -> Bool {
        if english.contains(word.lowercased()) { return true }
        if word.count == 1, let letter = word.first, letter.isASCII, letter.isUppercase, letter != "I" { return true }
        return zip(word, word.dropFirst()).contains { $0.isLetter && $1 == "." }
    }
}
