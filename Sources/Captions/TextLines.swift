/// The lines of a text caption file as players count them, without a leading BOM: only CR,
/// LF and CRLF end a line (WebVTT's rule, and SubRip's in practice); vertical tab, form
/// feed, U+0085, U+2028 and U+2029 are characters of the line they stand in.
func textLines(_ text: String) -> [Substring] {
    // "\r\n" is one Character in Swift.
    var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
    if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }
    return lines
}

extension Substring {
    /// Whether the line holds nothing but white space.
    var isBlank: Bool { allSatisfy(\.isWhitespace) }

    /// The text without white space at either end.
    func trimmingWhitespace() -> Substring { trimming(\.isWhitespace) }

    /// The text without the characters `isSpace` takes for white space at either end.
    func trimming(_ isSpace: (Character) -> Bool) -> Substring {
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
