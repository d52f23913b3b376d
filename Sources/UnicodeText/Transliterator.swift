import CICU

/// An ICU transliterator, such as "Hant-Hans" (Traditional to Simplified Chinese).
/// Opening one is slow; keep it for many calls.
public final class Transliterator {
    private let handle: OpaquePointer  // burn_icu_transliterator*
    public let id: String

    /// Opens the transform `id`; nil when ICU does not know it.
    public init?(_ id: String) {
        var error: Int32 = 0
        guard let handle = burn_icu_transliterator_open(id, &error) else { return nil }
        self.handle = handle
        self.id = id
    }

    deinit { burn_icu_transliterator_close(handle) }

    /// `text` transformed; unchanged when ICU reports an error.
    public func callAsFunction(_ text: String) -> String {
        let utf16 = UTF16Text(text)
        guard utf16.count > 0 else { return text }
        var capacity = utf16.count * 2 + 16
        while true {
            var out = [UInt16](repeating: 0, count: capacity)
            let result = burn_icu_transliterate(handle, utf16.units, Int32(utf16.count), &out, Int32(capacity))
            guard let length = try? ICUError.check(result, "transliteration \(id)") else { return text }
            if length <= capacity { return UTF16Text(units: Array(out.prefix(length))).text }
            capacity = length + 16
        }
    }
}
