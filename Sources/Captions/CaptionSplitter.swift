import Foundation

/// Splits a caption in two at a word boundary, in time as well as in text: for a caption the
/// layout cannot fit in its lines even at the minimum size.
public enum CaptionSplitter {
    /// The two halves, or nil when the caption has fewer than two timed words. The split falls
    /// after a sentence end or comma when one is near the middle, else where the halves'
    /// lengths are most equal, and not after a word `table` binds to the next (or before one
    /// it binds to the previous) when another place is left; the first half ends `minGap`
    /// seconds before the second starts where there is room.
    public static func split(_ caption: Caption, minGap: Double, table: PhraseTable? = nil) -> (Caption, Caption)? {
        splits(caption, minGap: minGap, table: table, limit: 1).first
    }

    /// The `limit` best ways to halve `caption` at a word boundary, best first (as `split` ranks them).
    public static func splits(_ caption: Caption, minGap: Double, table: PhraseTable? = nil, limit: Int) -> [(Caption, Caption)] {
        let words = caption.words
        guard words.count >= 2 else { return [] }
        let pieces = table.map { PhraseWords(caption.text, language: caption.language, table: $0) }
        // Where each word from the second on starts in the text (UTF-16), for the tables.
        let utf16Starts = table == nil ? [] : (1..<words.count).map { k in
            offset(of: words, upTo: k, in: caption.text).map { String(decoding: caption.text.utf8.prefix($0), as: UTF8.self).utf16.count }
        }
        let lengths = words.map { $0.text.count + 1 }
        let total = lengths.reduce(0, +)
        var ranked: [(cost: Double, index: Int)] = []
        var before = 0
        for k in 1..<words.count {
            before += lengths[k - 1]
            let balance = abs(Double(before) / Double(total) - 0.5)
            let token = Tokenizer.tokens(words[k - 1].text).last
            let bonus = token?.endsSentence == true ? 0.25 : token?.endsClause == true ? 0.15 : 0
            var cost = balance - bonus
            if let pieces, let start = utf16Starts[k - 1] { cost += pieces.boundary(at: start).cost }
            ranked.append((cost, k))
        }
        // The earlier of two equal places first.
        ranked.sort { ($0.cost, $0.index) < ($1.cost, $1.index) }
        return Array(ranked.lazy.compactMap { halves(caption, at: $0.index, minGap: minGap) }.prefix(limit))
    }

    /// `caption` cut before its word `k`, or nil when a half would have no time.
    private static func halves(_ caption: Caption, at k: Int, minGap: Double) -> (Caption, Caption)? {
        let words = caption.words
        var first = caption
        var second = caption
        first.words = Array(words[..<k])
        second.words = Array(words[k...])
        // The text splits where the k-th word begins; without it the words' own text is used.
        if let offset = offset(of: words, upTo: k, in: caption.text) {
            let index = caption.text.utf8.index(caption.text.startIndex, offsetBy: offset)
            first.text = String(caption.text[..<index]).trimmingCharacters(in: .whitespaces)
            second.text = String(caption.text[index...]).trimmingCharacters(in: .whitespaces)
        } else {
            first.text = first.words.map(\.text).joined(separator: " ")
            second.text = second.words.map(\.text).joined(separator: " ")
        }
        second.changes = []  // what was changed in the caption is told once, with its first part
        second.start = max(caption.start, words[k].start)
        first.end = second.start - minGap > first.start ? second.start - minGap : words[k - 1].end
        guard first.end > first.start, second.end > second.start else { return nil }
        return (first, second)
    }

    /// UTF-8 offset in `text` where word `k` starts, found by searching the words in order.
    private static func offset(of words: [Word], upTo k: Int, in text: String) -> Int? {
        let bytes = Array(text.utf8)
        var cursor = 0
        for (i, word) in words.enumerated() {
            let needle = Array(word.text.utf8)
            guard !needle.isEmpty else { continue }
            guard let start = bytes.firstIndex(of: needle, from: cursor) else { return nil }
            if i == k { return start }
            cursor = start + needle.count
        }
        return nil
    }
}
