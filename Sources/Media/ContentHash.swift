import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation

/// A SHA-256 digest built up from pieces, through libavutil's `AVHashContext`: what names a
/// split render's plan (its content) and the edges of its input. The one holder of the C handle.
public final class ContentHash {
    private var context: OpaquePointer?

    public init() {
        var made: OpaquePointer?
        // "SHA256" is one of libavutil's own algorithms: allocation fails only without memory.
        guard av_hash_alloc(&made, "SHA256") == 0, let made else { fatalError("av_hash_alloc(SHA256): out of memory") }
        av_hash_init(made)
        context = made
    }

    deinit { av_hash_freep(&context) }

    /// Adds `bytes` to the digest.
    public func add(_ bytes: Data) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.bindMemory(to: UInt8.self).baseAddress else { return }
            av_hash_update(context, base, buffer.count)
        }
    }

    /// The digest of everything added, as 64 lowercase hex digits; the hash starts again empty.
    public func digest() -> String {
        var text = [UInt8](repeating: 0, count: 2 * Int(AV_HASH_MAX_SIZE) + 1)
        av_hash_final_hex(context, &text, Int32(text.count))
        av_hash_init(context)  // the context is spent by the final step
        return String(decoding: text.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// The SHA-256 of `bytes`, in hex.
    public static func sha256(_ bytes: Data) -> String {
        let hash = ContentHash()
        hash.add(bytes)
        return hash.digest()
    }
}
