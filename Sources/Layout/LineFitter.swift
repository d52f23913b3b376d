/// A place where a caption may break, and how much it is preferred.
struct BreakCandidate: Sendable, Equatable {
    var offset: Int  // UTF-8 byte offset where the second line starts
    var bonus: Double  // share of the line width a break here is worth (sentence ends > commas > words)
}

/// Chooses the lines of a caption: one line when it fits; else, of every candidate break,
/// the two-line split with the most equal widths (a sentence end or comma is worth a little
/// imbalance). Widths come from a prefix sum of advances by byte offset. A line also holds
/// at most `maxCharacters` (the reading rules' characters per line) when some lines can.
enum LineFitter {
    /// Line ranges (UTF-8 bytes, white space at the ends excluded), or nil when nothing fits.
    static func choose(
        bytes: [UInt8], prefix: [Double], breaks: [BreakCandidate], maxWidth: Double, maxLines: Int,
        maxCharacters: Int? = nil
    ) -> [Range<Int>]? {
        if let maxCharacters,
            let lines = choose(bytes: bytes, prefix: prefix, breaks: breaks, maxWidth: maxWidth, maxLines: maxLines, fits: {
                characters($0, bytes) <= maxCharacters
            })
        {
            return lines
        }
        return choose(bytes: bytes, prefix: prefix, breaks: breaks, maxWidth: maxWidth, maxLines: maxLines) { _ in true }
    }

    /// The lines no wider than `maxWidth` whose every line `fits`.
    private static func choose(
        bytes: [UInt8], prefix: [Double], breaks: [BreakCandidate], maxWidth: Double, maxLines: Int,
        fits: (Range<Int>) -> Bool
    ) -> [Range<Int>]? {
        let whole = trimmed(0..<bytes.count, bytes)
        if width(whole, prefix) <= maxWidth && fits(whole) { return [whole] }
        guard maxLines >= 2 else { return nil }
        var best: (cost: Double, lines: [Range<Int>])?
        for candidate in breaks where candidate.offset > 0 && candidate.offset < bytes.count {
            let first = trimmed(0..<candidate.offset, bytes)
            let second = trimmed(candidate.offset..<bytes.count, bytes)
            guard !first.isEmpty, !second.isEmpty else { continue }
            let w1 = width(first, prefix)
            let w2 = width(second, prefix)
            guard w1 <= maxWidth, w2 <= maxWidth, fits(first), fits(second) else { continue }
            let cost = abs(w1 - w2) / maxWidth - candidate.bonus
            if best == nil || cost < best!.cost { best = (cost, [first, second]) }
        }
        return best?.lines
    }

    /// Advance width of a byte range. // pixels
    static func width(_ range: Range<Int>, _ prefix: [Double]) -> Double {
        prefix[range.upperBound] - prefix[range.lowerBound]
    }

    /// Characters in a byte range, as subtitle guides count them (graphemes).
    static func characters(_ range: Range<Int>, _ bytes: [UInt8]) -> Int {
        String(decoding: bytes[range], as: UTF8.self).count
    }

    /// `range` without spaces at either end.
    static func trimmed(_ range: Range<Int>, _ bytes: [UInt8]) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, bytes[lower] == UInt8(ascii: " ") { lower += 1 }
        while upper > lower, bytes[upper - 1] == UInt8(ascii: " ") { upper -= 1 }
        return lower..<upper
    }

    /// Prefix sums of glyph advances by the byte offset of their cluster (`count` + 1 entries).
    static func prefix(_ glyphs: [ShapedGlyph], count: Int) -> [Double] {
        var advances = [Double](repeating: 0, count: count + 1)
        for glyph in glyphs where glyph.cluster < count { advances[glyph.cluster + 1] += glyph.xAdvance }
        for i in 1..<advances.count { advances[i] += advances[i - 1] }
        return advances
    }
}
