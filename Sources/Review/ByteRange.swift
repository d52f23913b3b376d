import Foundation

/// What a `Range` request header asks of a file (RFC 9110, 14.2): the whole file, one span of
/// it, or nothing it has. The one piece of HTTP that libmicrohttpd leaves to the application;
/// only a single `bytes=` range is served (a browser seeking asks for one), and a header that
/// is malformed, in another unit or lists several ranges is ignored, as the RFC allows.
public enum ByteRange: Equatable, Sendable {
    case whole
    case span(first: Int64, last: Int64)  // inclusive byte offsets
    case unsatisfiable

    /// `header` (the value of `Range`, or nil) against a file of `size` bytes.
    public init(header: String?, size: Int64) {
        guard let header else {
            self = .whole
            return
        }
        let text = header.trimmingCharacters(in: .whitespaces)
        guard text.count > 6, text.prefix(6).lowercased() == "bytes=" else {
            self = .whole
            return
        }
        let spec = text.dropFirst(6).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else {
            self = .whole
            return
        }
        let first = Self.number(spec[..<dash])
        let last = Self.number(spec[spec.index(after: dash)...])
        switch (first, last) {
        case (.some(let first), .some(let last)):
            // bytes=first-last
            guard first <= last else {
                self = .whole
                return
            }
            self = first >= size ? .unsatisfiable : .span(first: first, last: min(last, size - 1))
        case (.some(let first), .none) where spec.hasSuffix("-"):
            // bytes=first-
            self = first >= size ? .unsatisfiable : .span(first: first, last: size - 1)
        case (.none, .some(let length)) where spec.hasPrefix("-"):
            // bytes=-length: the last `length` bytes
            self = length == 0 || size == 0 ? .unsatisfiable : .span(first: max(0, size - length), last: size - 1)
        default:
            self = .whole
        }
    }

    /// A run of ASCII digits as a number (saturating at Int64.max); nil for anything else.
    private static func number(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        var value: Int64 = 0
        for digit in text.utf8 {
            let (times, over) = value.multipliedReportingOverflow(by: 10)
            let (plus, overAgain) = times.addingReportingOverflow(Int64(digit - 48))
            if over || overAgain { return Int64.max }
            value = plus
        }
        return value
    }
}
