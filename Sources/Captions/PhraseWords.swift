import UnicodeText

/// The pieces of a text as ICU's word boundaries cut it (words, and runs of punctuation;
/// white space left out), for asking a `PhraseTable` what a break between two of them does.
public struct PhraseWords: Sendable {
    /// Where each piece starts and ends (UTF-16 offsets), in order.
    private let starts: [Int]
    private let ends: [Int]
    private let pieces: [PhrasePiece]
    private let table: PhraseTable

    /// The pieces of `text` between `boundaries` (UTF-16 offsets, as `TextBoundaries.words`
    /// gives them: 0 left out, the end in), as `table` sees them.
    public init(_ text: UTF16Text, boundaries: [Int], table: PhraseTable) {
        var starts: [Int] = []
        var ends: [Int] = []
        var pieces: [PhrasePiece] = []
        var start = 0
        for end in boundaries.sorted() + [text.count] where end > start {
            defer { start = end }
            // ICU gives white space pieces of their own; a piece is never part space.
            guard let first = text.scalar(at: start), !(first.isASCII ? first == " " || (0x09...0x0D).contains(first.value) : first.properties.isWhitespace)
            else { continue }
            starts.append(start)
            ends.append(end)
            pieces.append(table.piece(text.string(in: start..<end)))
        }
        self.starts = starts
        self.ends = ends
        self.pieces = pieces
        self.table = table
    }

    /// The pieces of `text` by ICU's word boundaries for `language`, as `table` sees them.
    public init(_ text: String, language: String?, table: PhraseTable) {
        let utf16 = UTF16Text(text)
        self.init(utf16, boundaries: (try? TextBoundaries.words(in: utf16, locale: language)) ?? [], table: table)
    }

    /// What a break at `offset` (UTF-16, where the next line or caption starts) does in the table.
    public func boundary(at offset: Int) -> PhraseBoundary {
        // The first piece at or after the break.
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < offset { low = middle + 1 } else { high = middle }
        }
        // A piece the break falls inside is no boundary of the tables' (ICU split no word there).
        if low > 0, ends[low - 1] > offset { return .free }
        return table.boundary(
            before: pieces[max(0, low - PhraseTable.longestEntry)..<low],
            after: pieces[low..<min(pieces.count, low + PhraseTable.longestEntry + 1)])
    }
}
