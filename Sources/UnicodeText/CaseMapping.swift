import CICU

/// Case mapping by a language's rules, through ICU: Turkish and Azerbaijani capitalise `i`
/// as `İ` (and lower `I` to `ı`), German `ß` becomes `SS`, Greek loses its accents in capitals; scripts without
/// case (Japanese, Chinese) stay as they are.
public enum CaseMapping {
    /// `text` in capitals by the rules of `language` (BCP-47; nil: the language-neutral
    /// rules). Should ICU fail, Swift's own `uppercased()` (language-neutral) is used.
    public static func uppercased(_ text: String, language: String?) -> String {
        (try? icuUppercased(text, language: language)) ?? text.uppercased()
    }

    /// `text` in small letters by the rules of `language` (Turkish `I` is `ı`); Swift's own
    /// `lowercased()` should ICU fail.
    public static func lowercased(_ text: String, language: String?) -> String {
        (try? icuMapped(text, language: language, burn_icu_to_lower, "lowercasing")) ?? text.lowercased()
    }

    /// ICU's capitals of `text` for `language`; throws the `ICUError` of a failed call.
    static func icuUppercased(_ text: String, language: String?) throws -> String {
        try icuMapped(text, language: language, burn_icu_to_upper, "uppercasing")
    }

    /// ICU's case mapping `map` of `text` for `language`; throws the `ICUError` of a failed call.
    private static func icuMapped(
        _ text: String, language: String?,
        _ map: (UnsafePointer<UInt16>?, Int32, UnsafePointer<CChar>?, UnsafeMutablePointer<UInt16>?, Int32) -> Int32,
        _ what: String
    ) throws -> String {
        let utf16 = UTF16Text(text)
        guard utf16.count > 0 else { return text }
        // The result can be longer (`ß` is `SS`, `ŉ` is `ʼN`): grow the buffer when ICU asks.
        var capacity = utf16.count + 16
        while true {
            var out = [UInt16](repeating: 0, count: capacity)
            let result = map(utf16.units, Int32(utf16.count), language, &out, Int32(capacity))
            let length = try ICUError.check(result, what)
            if length <= capacity { return UTF16Text(units: Array(out.prefix(length))).text }
            capacity = length
        }
    }
}
