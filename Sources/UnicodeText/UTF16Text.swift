/// Text as UTF-16 code units, the unit ICU counts offsets in: the scalars on either side of
/// an offset, the text between two offsets, and the conversion of offsets to UTF-8 bytes.
public struct UTF16Text: Sendable {
    public let text: String
    public let units: [UInt16]

    public init(_ text: String) {
        self.text = text
        units = Array(text.utf16)
    }

    /// The text of UTF-16 code units, such as ICU writes (a lone surrogate becomes U+FFFD).
    public init(units: [UInt16]) {
        self.units = units
        text = String(decoding: units, as: UTF16.self)
    }

    /// Length in UTF-16 code units.
    public var count: Int { units.count }

    /// The scalar that starts at `offset` (UTF-16), nil at the end.
    public func scalar(at offset: Int) -> Unicode.Scalar? {
        guard offset < units.count else { return nil }
        let unit = units[offset]
        if UTF16.isLeadSurrogate(unit), offset + 1 < units.count, UTF16.isTrailSurrogate(units[offset + 1]) {
            return UTF16.decode(UTF16.EncodedScalar([unit, units[offset + 1]]))
        }
        return Unicode.Scalar(unit)
    }

    /// The UTF-16 offset where the scalar that ends at `offset` starts, nil at the start.
    public func start(before offset: Int) -> Int? {
        guard offset > 0 else { return nil }
        if offset >= 2, UTF16.isTrailSurrogate(units[offset - 1]), UTF16.isLeadSurrogate(units[offset - 2]) {
            return offset - 2
        }
        return offset - 1
    }

    /// The scalar that ends at `offset` (UTF-16), nil at the start.
    public func scalar(before offset: Int) -> Unicode.Scalar? {
        start(before: offset).flatMap(scalar(at:))
    }

    /// The text between two UTF-16 offsets (a half of a surrogate pair becomes U+FFFD).
    public func string(in range: Range<Int>) -> String {
        let slice = units[range]
        // ASCII, most of the text there is: a byte a unit, without decoding.
        guard slice.allSatisfy({ $0 < 0x80 }) else { return String(decoding: slice, as: UTF16.self) }
        return String(unsafeUninitializedCapacity: slice.count) { buffer in
            for (i, unit) in slice.enumerated() { buffer[i] = UInt8(truncatingIfNeeded: unit) }
            return slice.count
        }
    }

    /// UTF-8 byte offsets of ascending UTF-16 offsets, one for each, in one pass over the text
    /// (O(length), however many offsets there are). An offset inside a surrogate pair, which
    /// ICU never gives, is rounded up to the end of its scalar.
    public func utf8Offsets(_ offsets: [Int]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(offsets.count)
        var pending = offsets.makeIterator()
        var next = pending.next()
        var utf16 = 0
        var utf8 = 0
        for scalar in text.unicodeScalars {
            while let offset = next, offset <= utf16 {
                result.append(utf8)
                next = pending.next()
            }
            if next == nil { return result }
            utf16 += UTF16.width(scalar)
            utf8 += UTF8.width(scalar)
        }
        while next != nil {
            result.append(utf8)
            next = pending.next()
        }
        return result
    }
}
