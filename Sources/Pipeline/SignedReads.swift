import Files
import Foundation

/// Values read from files (presets, looks), each kept with its file's signature when read and
/// read again only once the file changed on disk. At most `limit` files are kept: a plan names
/// a few, and a session that names more starts afresh.
struct SignedReads<Value> {
    /// Files kept at the most.
    static var limit: Int { 32 }
    private var kept: [String: (signature: FileSignature, value: Value)] = [:]

    /// The value of the file at `url`, as `read` makes it of the file as it is now.
    mutating func value(of url: URL, read: (URL) throws -> Value) throws -> Value {
        let signature = try? FileSignature(url.path)
        if let signature, let entry = kept[url.path], entry.signature == signature { return entry.value }
        let value = try read(url)
        if kept.count >= Self.limit { kept.removeAll() }
        kept[url.path] = signature.map { ($0, value) }
        return value
    }
}
