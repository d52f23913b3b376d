import UnicodeText

/// A caption's language, as fontconfig and HarfBuzz each want it.
public struct LanguageTag: Sendable, Equatable {
    public var bcp47: String  // as given, e.g. "zh-TW"
    public var maximized: String  // with likely subtags, e.g. "zh-Hant-TW"

    public init(_ tag: String) {
        bcp47 = tag
        let likely = (try? BCP47.maximized(tag)) ?? ""
        maximized = likely.isEmpty ? tag : likely
    }

    /// Why `tag` is no BCP-47 language tag (`ja`, `zh-TW`, `sr-Latn`), or nil when it is one.
    public static func problem(_ tag: String) -> String? {
        BCP47.isWellFormed(tag) ? nil : "\"\(tag)\" is not a BCP-47 language tag (e.g. en, ja, zh-TW)"
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
            switch CJKScript(scalar) {
            case .kana: return LanguageTag("ja")
            case .hangul: return LanguageTag("ko")
            case .han: han = true
            case nil: break
            }
        }
        return han ? LanguageTag("zh") : nil
    }
}
