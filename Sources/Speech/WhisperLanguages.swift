/// The languages Whisper can detect and transcribe: the codes of its language tokens
/// (faster-whisper 1.2.1's `_LANGUAGE_CODES`, the multilingual models'; `yue` only in
/// large-v3). Mostly ISO 639-1; `haw` and `yue` are ISO 639-3, and Javanese is `jw`.
public enum WhisperLanguages {
    /// Every code, in Whisper's token order.
    public static let codes: [String] = [
        "af", "am", "ar", "as", "az", "ba", "be", "bg", "bn", "bo", "br", "bs", "ca", "cs", "cy", "da", "de", "el", "en", "es",
        "et", "eu", "fa", "fi", "fo", "fr", "gl", "gu", "ha", "haw", "he", "hi", "hr", "ht", "hu", "hy", "id", "is", "it", "ja",
        "jw", "ka", "kk", "km", "kn", "ko", "la", "lb", "ln", "lo", "lt", "lv", "mg", "mi", "mk", "ml", "mn", "mr", "ms", "mt",
        "my", "ne", "nl", "nn", "no", "oc", "pa", "pl", "ps", "pt", "ro", "ru", "sa", "sd", "si", "sk", "sl", "sn", "so", "sq",
        "sr", "su", "sv", "sw", "ta", "te", "tg", "th", "tk", "tl", "tr", "tt", "uk", "ur", "uz", "vi", "yi", "yo", "zh", "yue",
    ]

    private static let known = Set(codes)

    /// Whether `code` is one of Whisper's language codes.
    public static func contains(_ code: String) -> Bool { known.contains(code) }

    /// Whisper's code for the BCP-47 tag `tag` (its language part, lowercased: `pt-BR` is
    /// `pt`, `jv` is `jw`), or nil when Whisper does not know the language.
    public static func code(forTag tag: String) -> String? {
        let language = String(tag.split(separator: "-").first ?? "").lowercased()
        let code = LanguageChoice.whisperCodes.first { $0.value == language }?.key ?? language
        return known.contains(code) ? code : nil
    }
}
