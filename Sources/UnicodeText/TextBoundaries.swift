import CICU

/// Where text may be cut: ICU's line-break opportunities (UAX #14) and word boundaries
/// (UAX #29, with dictionaries for Chinese, Japanese, Thai, Lao, Khmer and Burmese), and the
/// boundaries of grapheme clusters.
public enum TextBoundaries {
    /// The line-break opportunities of `text` for `locale` (BCP-47, or nil): UTF-16 offsets
    /// where a line may start, excluding 0, including the end, each with whether the break is
    /// mandatory (after a newline). A locale such as "ja-u-lw-phrase" keeps phrases whole.
    public static func lines(in text: UTF16Text, locale: String?) throws -> [(offset: Int, isMandatory: Bool)] {
        let (offsets, hard) = try boundaries(of: text, lineBreaks: true) { units, length, offsets, hard, capacity in
            burn_icu_line_breaks(units, length, locale, offsets, hard, capacity)
        }
        return Array(zip(offsets, hard))
    }

    /// The word boundaries of `text` for `locale` (BCP-47, or nil): UTF-16 offsets, excluding
    /// 0, including the end.
    public static func words(in text: UTF16Text, locale: String?) throws -> [Int] {
        try boundaries(of: text, lineBreaks: false) { units, length, offsets, _, capacity in
            burn_icu_word_boundaries(units, length, locale, offsets, capacity)
        }.offsets
    }

    /// UTF-8 byte offsets between the extended grapheme clusters of `text` (excluding 0 and
    /// the end). Swift's clusters, not ICU's: Swift follows Unicode 15.1, whose conjunct rule
    /// (GB9c) keeps a Devanagari conjunct such as क्ष whole, where ICU 72 splits it.
    public static func graphemes(in text: String) -> [Int] {
        var offsets: [Int] = []
        var offset = 0
        for character in text.dropLast() {
            offset += character.utf8.count
            offsets.append(offset)
        }
        return offsets
    }

    /// An ICU boundary function: text, length, offsets, hard flags (or nil), capacity.
    private typealias ICUBoundaries = (
        UnsafePointer<UInt16>?, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Bool>?, Int32
    ) -> Int32

    /// The UTF-16 offsets `call` finds in `text` (at most one per code unit, so one call
    /// always has room), with hard-break flags when `lineBreaks`.
    private static func boundaries(of text: UTF16Text, lineBreaks: Bool, _ call: ICUBoundaries) throws
        -> (offsets: [Int], hard: [Bool])
    {
        guard text.count > 0 else { return ([], []) }
        var offsets = [Int32](repeating: 0, count: text.count)
        var hard = [Bool](repeating: false, count: lineBreaks ? text.count : 0)
        let result = offsets.withUnsafeMutableBufferPointer { offsets in
            hard.withUnsafeMutableBufferPointer { hard in
                call(
                    text.units, Int32(text.count), offsets.baseAddress, lineBreaks ? hard.baseAddress : nil,
                    Int32(text.count))
            }
        }
        let found = min(try ICUError.check(result, lineBreaks ? "line breaks" : "word boundaries"), text.count)
        return (offsets.prefix(found).map(Int.init), lineBreaks ? Array(hard.prefix(found)) : [])
    }
}
