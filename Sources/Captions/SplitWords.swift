import UnicodeText

/// A segment's tokens joined, with where each token starts in the text and ICU's word
/// boundaries and pieces of it, for asking what a split before a token does. A class: the
/// pieces of a token are made the first time a split near it asks for them.
final class SplitWords {
    let tokens: [TimedToken]
    let starts: [Int]  // UTF-16 offset where each token's display starts
    let boundaries: Set<Int>
    /// The table asked, if any.
    let table: PhraseTable?
    /// ICU's pieces of the text, when it has CJK characters (a token each) and a table.
    let words: PhraseWords?
    /// Else each token's punctuation and word (Thai's tokens are ICU's dictionary words
    /// already), made when first asked for.
    private var pieces: [[PhrasePiece]?]

    init(_ tokens: [TimedToken], language: String?, table: PhraseTable?) {
        self.tokens = tokens
        self.table = table
        var starts: [Int] = []
        var offset = 0
        for (i, timed) in tokens.enumerated() {
            let token = timed.token
            if i > 0 && token.spaceBefore { offset += 1 }
            starts.append(offset)
            offset += token.leading.utf16.count + token.text.utf16.count + token.trailing.utf16.count
        }
        self.starts = starts
        pieces = Array(repeating: nil, count: tokens.count)
        guard tokens.contains(where: \.token.isCJK) else {
            boundaries = []
            words = nil
            return
        }
        var joined = tokens.map(\.token)
        joined[0].spaceBefore = false
        let text = UTF16Text(Tokenizer.join(joined))
        let found = (try? TextBoundaries.words(in: text, locale: language)) ?? []
        boundaries = Set(found)
        words = table.map { PhraseWords(text, boundaries: found, table: $0) }
    }

    /// Whether ICU's word boundaries put one where token `k` starts.
    func isWordBoundary(before k: Int) -> Bool { boundaries.contains(starts[k]) }

    /// What a split before token `k` does to the phrase around it (free without a table).
    func boundary(before k: Int) -> PhraseBoundary {
        guard let table else { return .free }
        if let words { return words.boundary(at: starts[k]) }
        guard k > 0, k < tokens.count else { return .free }
        // The `longestEntry` pieces before the split, and one more than that after it.
        var before: [PhrasePiece] = []
        var i = k
        while before.count < PhraseTable.longestEntry, i > 0 {
            i -= 1
            before.insert(contentsOf: pieces(of: i, table), at: 0)
        }
        var after: [PhrasePiece] = []
        i = k
        while after.count <= PhraseTable.longestEntry, i < tokens.count {
            after += pieces(of: i, table)
            i += 1
        }
        return table.boundary(
            before: before.suffix(PhraseTable.longestEntry), after: after.prefix(PhraseTable.longestEntry + 1))
    }

    /// Token `i`'s punctuation before, its word and its punctuation after, each a piece.
    private func pieces(of i: Int, _ table: PhraseTable) -> [PhrasePiece] {
        if let made = pieces[i] { return made }
        let token = tokens[i].token
        let made = [token.leading, token.text, token.trailing].filter { !$0.isEmpty }.map(table.piece)
        pieces[i] = made
        return made
    }
}
