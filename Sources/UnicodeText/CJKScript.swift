/// The Chinese, Japanese or Korean writing a scalar belongs to, from its script (ICU).
public enum CJKScript: Sendable, Equatable {
    /// Han ideographs (`字`, `々`, `〇`, compatibility ideographs, radicals).
    case han
    /// Hiragana and Katakana (halfwidth too), with the marks used only with them: the
    /// prolonged sound mark `ー`, the voicing marks `゛` `゜` `ﾞ` `ﾟ`, the double hyphen `゠`.
    case kana
    /// Hangul syllables and jamo.
    case hangul

    /// The CJK script of `scalar`, or nil for every other script and for punctuation that
    /// CJK writing shares (`、`, `。`, `・`, `「`).
    public init?(_ scalar: Unicode.Scalar) {
        switch UnicodeScript(of: scalar) {
        case .han: self = .han
        case .hiragana, .katakana: self = .kana
        case .hangul: self = .hangul
        case .common, .inherited:
            // Common or inherited, but used with kana alone (its Script_Extensions).
            let scripts = UnicodeScript.extensions(of: scalar)
            guard scripts.allSatisfy({ $0 == .hiragana || $0 == .katakana }) else { return nil }
            self = .kana
        default: return nil
        }
    }
}
