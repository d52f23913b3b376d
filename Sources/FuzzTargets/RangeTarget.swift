import Foundation
import Review

/// `ByteRange` on any bytes: the first 8 are the file's size (little-endian, kept under
/// 2^62), the rest the `Range` header's value as UTF-8 (invalid sequences repaired, as a
/// server sees text). Whatever it answers must be served safely: a span lies inside the file,
/// first to last, and is never asked of an empty file.
enum RangeTarget {
    static func run(_ data: Data) {
        guard data.count >= 8 else { return }
        let size = Int64(data.prefix(8).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) } >> 2)
        let header = String(decoding: data.dropFirst(8), as: UTF8.self)
        switch ByteRange(header: header, size: size) {
        case .span(let first, let last):
            require(0 <= first && first <= last && last < size, "\(header) of \(size): span \(first)-\(last) outside the file")
        case .whole, .unsatisfiable:
            break
        }
    }
}
