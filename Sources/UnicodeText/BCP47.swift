import CICU

/// BCP-47 language tags ("ja", "zh-TW", "sr-Latn"), as ICU's locale functions read them.
public enum BCP47 {
    /// Whether `tag` is a well-formed BCP-47 language tag: ICU parses all of it.
    public static func isWellFormed(_ tag: String) -> Bool { burn_icu_is_language_tag(tag) }

    /// `tag` with its likely subtags added ("zh-TW" -> "zh-Hant-TW", "ja" -> "ja-Jpan-JP"),
    /// at most 128 bytes long.
    public static func maximized(_ tag: String) throws -> String {
        let (text, result) = CText.read(capacity: 128) { burn_icu_likely_subtags(tag, $0, $1) }
        _ = try ICUError.check(result, "likely subtags of \(tag)")
        return text
    }
}
