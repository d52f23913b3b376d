import UnicodeText

/// The language of text that names none, told from its commonest words. Articles,
/// prepositions, conjunctions and auxiliaries are the most frequent words of every language
/// and few are shared, so the phrase table that lists the largest share of the text's words
/// is its language's, when that share is large enough and well ahead of the next table's.
public enum LanguageFromWords {
    /// Fewer words than this are too few to tell.
    public static let fewestWords = 8
    /// The leading table lists at least this share of the words.
    public static let leastShare = 0.15
    /// The leading table's share is at least this many times the next one's.
    public static let leastLead = 1.5

    /// The language of the table in `tables` that lists most of `text`'s words, or nil when
    /// the text is too short or no table leads clearly.
    public static func guess(_ text: String, among tables: [PhraseTable]) -> String? {
        guard !tables.isEmpty else { return nil }
        let utf16 = UTF16Text(text)
        let boundaries = (try? TextBoundaries.words(in: utf16, locale: nil)) ?? []
        var counts = [Int](repeating: 0, count: tables.count)
        var words = 0
        var start = 0
        for end in boundaries + [utf16.count] where end > start {
            defer { start = end }
            let piece = utf16.string(in: start..<end)
            // Numbers and punctuation say nothing of the language.
            guard piece.unicodeScalars.contains(where: \.properties.isAlphabetic) else { continue }
            words += 1
            let key = PhraseTable.key(piece)
            for (index, table) in tables.enumerated() where table.lists(key) { counts[index] += 1 }
        }
        guard words >= fewestWords else { return nil }
        let ranked = counts.indices.sorted { (counts[$1], tables[$0].language) < (counts[$0], tables[$1].language) }
        let best = Double(counts[ranked[0]]) / Double(words)
        let next = ranked.count > 1 ? Double(counts[ranked[1]]) / Double(words) : 0
        guard best >= leastShare, best >= leastLead * next else { return nil }
        return tables[ranked[0]].language
    }
}
