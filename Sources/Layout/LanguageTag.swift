import CICU

/// A caption's language, as fontconfig and HarfBuzz each want it.
public struct LanguageTag: Sendable, Equatable {
    public var bcp47: String  // as given, e.g. "zh-TW"
    public var maximized: String  // with likely subtags, e.g. "zh-Hant-TW"

    public init(_ tag: String) {
        bcp47 = tag
        var buffer = [CChar](repeating: 0, count: 128)
        let length = burn_icu_likely_subtags(tag, &buffer, Int32(buffer.count))
        maximized = length > 0 ? String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self) : tag
    }

    /// Why `tag` is no BCP-47 language tag (`ja`, `zh-TW`, `sr-Latn`), or nil when it is one.
    public static func problem(_ tag: String) -> String? {
        burn_icu_is_language_tag(tag) ? nil : "\"\(tag)\" is not a BCP-47 language tag (e.g. en, ja, zh-TW)"
    }

    private var subtags: [Substring] { maximized.split(separator: "-") }

    /// The language subtag, lowercased ("zh").
    public var language: String { subtags.first.map { $0.lowercased() } ?? "und" }

    /// fontconfig takes language-territory only: zh-Hant-TW -> "zh-tw", zh-Hans -> "zh-cn".
    public var fontconfigLanguage: String {
        if language == "yue" { return "zh-hk" }  // Cantonese is written with Hong Kong forms
        guard language == "zh" else { return language }
        let script = subtags.first(where: { $0.count == 4 })?.lowercased()
        let region = subtags.dropFirst().first(where: { $0.count == 2 })?.lowercased()
        if script == "hant" { return region == "hk" || region == "mo" ? "zh-hk" : "zh-tw" }
        return "zh-cn"
    }

    /// The script subtag of the maximized tag ("Arab", "Jpan").
    public var script: String? { subtags.first(where: { $0.count == 4 }).map(String.init) }

    /// Whether the language is written right to left.
    public var isRightToLeft: Bool {
        ["Arab", "Hebr", "Syrc", "Thaa", "Nkoo", "Adlm", "Rohg", "Mand", "Samr"].contains(script ?? "")
    }

    /// HarfBuzz understands BCP-47 itself; the maximized tag carries the script for `locl`.
    public var harfBuzzLanguage: String { maximized }

    /// A language guessed from the script of `text`: kana -> ja, Hangul -> ko, Han -> zh; nil otherwise.
    public static func guess(from text: String) -> LanguageTag? {
        var han = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return LanguageTag("ja")
            case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return LanguageTag("ko")
            case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2FFFF: han = true
            default: break
            }
        }
        return han ? LanguageTag("zh") : nil
    }
}
