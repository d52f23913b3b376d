import CICU

/// Where lines may break, from ICU's line-break rules (UAX #14 plus dictionaries for
/// Chinese, Japanese and Thai).
public enum LineBreaker {
    /// UTF-8 byte offsets where a new line may start (excluding 0, including the end).
    public static func breakOpportunities(in text: String, language: String?) -> [Int] {
        let utf16 = Array(text.utf16)
        guard !utf16.isEmpty else { return [] }
        var offsets = [Int32](repeating: 0, count: utf16.count + 1)
        let count = burn_icu_line_breaks(utf16, Int32(utf16.count), language, &offsets, nil, Int32(offsets.count))
        guard count > 0 else { return [text.utf8.count] }
        return offsets.prefix(Int(count)).map { offset in
            let index = String.Index(utf16Offset: Int(offset), in: text)
            return text.utf8.distance(from: text.startIndex, to: index)
        }
    }
}
