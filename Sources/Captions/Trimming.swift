extension Substring {
    /// The text without white space at either end.
    package func trimmingWhitespace() -> Substring { trimming(\.isWhitespace) }

    /// The text without the characters `isSpace` takes for white space at either end.
    package func trimming(_ isSpace: (Character) -> Bool) -> Substring {
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
