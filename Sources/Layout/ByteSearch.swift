extension Array where Element == UInt8 {
    /// The first index at or after `start` where `needle` begins (UTF-8 text search).
    func firstIndex(of needle: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, needle.count <= count else { return nil }
        var i = Swift.max(0, start)
        while i + needle.count <= count {
            if self[i] == needle[0] && self[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
