import Foundation

/// The lines of a text caption file as players count them, without a leading BOM: only CR,
/// LF and CRLF end a line (WebVTT's rule, and SubRip's in practice); vertical tab, form
/// feed, U+0085, U+2028 and U+2029 are characters of the line they stand in. One pass over
/// the UTF-8 bytes (`memchr`), not over the characters: a file may be tens of MiB.
func textLines(_ text: String) -> [Substring] {
    var text = text
    text.makeContiguousUTF8()
    let offsets = text.utf8.withContiguousStorageIfAvailable(lineRanges) ?? []
    let utf8 = text.utf8
    // CR and LF are ASCII, and a grapheme boundary on either side: offsets next to them are
    // character boundaries.
    var lines = offsets.map { range in
        text[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
    }
    if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }
    return lines
}

/// The byte ranges of the lines of UTF-8 `bytes`, their CR, LF or CRLF left out; the last
/// line is empty when the text ends with a line end. Each byte is searched once.
private func lineRanges(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return [0..<0] }
    /// The offset of the first `byte` in `from..<to`, else `to`.
    func find(_ byte: Int32, _ from: Int, _ to: Int) -> Int {
        memchr(base + from, byte, to - from).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? to
    }
    var ranges: [Range<Int>] = []
    var start = 0
    var lf = -1  // the next LF at or after `start` (bytes.count: none)
    while true {
        if lf < start { lf = find(0x0A, start, bytes.count) }
        // The first CR before that LF ends the line instead (an old Mac file has only CRs).
        let end = find(0x0D, start, lf)
        ranges.append(start..<end)
        if end == bytes.count { return ranges }
        start = end + (bytes[end] == 0x0D && end + 1 < bytes.count && bytes[end + 1] == 0x0A ? 2 : 1)
    }
}

extension Substring {
    /// Whether the line holds nothing but white space.
    var isBlank: Bool { allSatisfy(\.isWhitespace) }
}
