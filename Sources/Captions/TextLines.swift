/// The lines of a text caption file, split at every kind of line end, without a leading BOM.
func textLines(_ text: String) -> [Substring] {
    // "\r\n" is one Character in Swift, so split on every kind of line end.
    var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }
    return lines
}

extension Substring {
    /// Whether the line holds nothing but white space.
    var isBlank: Bool { allSatisfy(\.isWhitespace) }

    /// The text without white space at either end.
    func trimmingWhitespace() -> Substring {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return self[first...last]
    }
}
