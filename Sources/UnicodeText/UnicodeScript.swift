import CICU

/// The script a scalar is written in, as ICU gives it: an ISO 15924 code such as "Latn",
/// "Hani" or "Arab"; "Zyyy" for characters of every script (spaces, digits, most
/// punctuation), "Zinh" for marks that take the script of their base, "Zzzz" for unassigned.
public struct UnicodeScript: Hashable, Sendable, CustomStringConvertible {
    /// The ISO 15924 code ("Hani").
    public let code: String

    public init(code: String) { self.code = code }

    /// The script of `scalar` (ICU's Script property).
    public init(of scalar: Unicode.Scalar) {
        code = CText.read(capacity: 8) { burn_icu_script_code(scalar.value, $0, $1) }.text
    }

    /// The scripts `scalar` is used with (ICU's Script_Extensions): its own script alone for
    /// most scalars, more for shared ones (the prolonged sound mark `ー` is used with Hiragana
    /// and Katakana, the ideographic full stop `。` with Han, kana, Hangul, Bopomofo and Yi).
    public static func extensions(of scalar: Unicode.Scalar) -> [UnicodeScript] {
        let (text, count) = CText.read(capacity: 64 * 5) { burn_icu_script_extensions(scalar.value, $0, $1) }
        guard count > 0 else { return [UnicodeScript(of: scalar)] }
        return text.split(separator: " ").map { UnicodeScript(code: String($0)) }
    }

    public var description: String { code }

    public static let common = UnicodeScript(code: "Zyyy")
    public static let inherited = UnicodeScript(code: "Zinh")
    public static let unknown = UnicodeScript(code: "Zzzz")
    public static let han = UnicodeScript(code: "Hani")
    public static let hiragana = UnicodeScript(code: "Hira")
    public static let katakana = UnicodeScript(code: "Kana")
    public static let hangul = UnicodeScript(code: "Hang")
    public static let thai = UnicodeScript(code: "Thai")
    public static let lao = UnicodeScript(code: "Laoo")
    public static let khmer = UnicodeScript(code: "Khmr")
    public static let myanmar = UnicodeScript(code: "Mymr")

    /// Whether this is a script of its own: not common, inherited or unknown.
    public var isSpecific: Bool { self != .common && self != .inherited && self != .unknown }

    /// Thai, Lao, Khmer or Myanmar: scripts written without spaces between words, whose
    /// words ICU's dictionaries find.
    public var isSoutheastAsian: Bool {
        switch self {
        case .thai, .lao, .khmer, .myanmar: return true
        default: return false
        }
    }
}
