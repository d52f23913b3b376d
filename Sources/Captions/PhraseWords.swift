import UnicodeText

/// The pieces of a text as ICU's word boundaries cut it (words, and runs of punctuation;
/// white space left out), for asking a `PhraseTable` what a break between two of them does.
public struct PhraseWords: Sendable {
    /// Where each piece starts and ends (UTF-16 offsets), in order.
    private let starts: [Int]
    private let ends: [Int]
    private let pieces: [PhrasePiece]

    /// The pieces of `text` between `boundaries` (UTF-16 offsets, as `TextBoundaries.words`
    /// gives them: 0 left out, the end in).
    public init(_ text: UTF16Text, boundaries: [Int]) {
        var starts: [Int] = []
        var ends: [Int] = []
        var pieces: [PhrasePiece] = []
        // The text lowered once; a piece's key is its part of it where lowering kept the
        // length (it does but for a few letters, such as Turkish İ).
        let lowered = Array(text.text.lowercased().utf16)
        let sameLength = lowered.count == text.count
        var start = 0
        for end in boundaries.sorted() + [text.count] where end > start {
            defer { start = end }
            // ICU gives white space pieces of their own; a piece is never part space.
            guard let first = text.scalar(at: start), !first.properties.isWhitespace else { continue }
            var key = sameLength ? String(decoding: lowered[start..<end], as: UTF16.self) : PhraseTable.key(text.string(in: start..<end))
            if sameLength, lowered[start..<end].contains(0x2019) { key = PhraseTable.key(key) }
            starts.append(start)
            ends.append(end)
            pieces.append(PhrasePiece(key: key, first: first))
        }
        self.starts = starts
        self.ends = ends
        self.pieces = pieces
    }

    /// The pieces of `text` by ICU's word boundaries for `language`.
    public init(_ text: String, language: String?) {
        let utf16 = UTF16Text(text)
        self.init(utf16, boundaries: (try? TextBoundaries.words(in: utf16, locale: language)) ?? [])
    }

    /// What a break at `offset` (UTF-16, where the next line or caption starts) does in `table`.
    public func boundary(at offset: Int, in table: PhraseTable) -> PhraseBoundary {
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
