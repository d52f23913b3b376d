import CICU

/// Case mapping by a language's rules, through ICU: Turkish and Azerbaijani capitalise `i`
/// as `İ`, German `ß` becomes `SS`, Greek loses its accents in capitals; scripts without
/// case (Japanese, Chinese) stay as they are.
public enum CaseMapping {
    /// `text` in capitals by the rules of `language` (BCP-47; nil: the language-neutral
    /// rules). Should ICU fail, Swift's own `uppercased()` (language-neutral) is used.
    public static func uppercased(_ text: String, language: String?) -> String {
        (try? icuUppercased(text, language: language)) ?? text.uppercased()
    }

    /// ICU's capitals of `text` for `language`; throws the `ICUError` of a failed call.
    static func icuUppercased(_ text: String, language: String?) throws -> String {
        let utf16 = UTF16Text(text)
        guard utf16.count > 0 else { return text }
        // Capitals can be longer (`ß` is `SS`, `ŉ` is `ʼN`): grow the buffer when ICU asks.
        var capacity = utf16.count + 16
        while true {
            var out = [UInt16](repeating: 0, count: capacity)
            let result = burn_icu_to_upper(utf16.units, Int32(utf16.count), language, &out, Int32(capacity))
            let length = try ICUError.check(result, "uppercasing")
            if length <= capacity { return UTF16Text(units: Array(out.prefix(length))).text }
            capacity = length
        }
    }
}
