import Captions
import Foundation
import Layout
import UnicodeText

/// The language of a caption file, for `{lang}` in output names and for the captions of a file
/// that names none. In order: the file's own (Whisper, native JSON), the `--language` given
/// with it, its name (`talk.ja.srt` is `ja`, `en.srt` is `en`), a guess from its words and script.
public enum CaptionLanguage {
    /// The language `--language` would give, found in `path`'s name: the last dot-separated
    /// part before the extension, when it is a language ICU knows ("ja", "pt-BR", "zh-Hant").
    public static func fromName(_ path: String) -> String? {
        let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        guard let last = stem.split(separator: ".").last.map(String.init), isKnownLanguage(last) else { return nil }
        return last
    }

    /// Whether `tag` is a well-formed BCP-47 tag whose language ICU has likely subtags for:
    /// `ja` and `zh-Hant` are, `final` and `talk` are not.
    static func isKnownLanguage(_ tag: String) -> Bool {
        guard BCP47.isWellFormed(tag), let first = tag.split(separator: "-").first, (2...3).contains(first.count),
            first.allSatisfy(\.isLetter), let maximized = try? BCP47.maximized(tag)
        else { return false }
        // ICU adds a script (and a region) only to languages it knows.
        return maximized.split(separator: "-").count > 1 && maximized.lowercased() != tag.lowercased()
    }

    /// The language the text of `transcript` names, or the one most of its segments name.
    public static func named(in transcript: Transcript) -> String? {
        transcript.language ?? mostCommon(transcript.segments.compactMap(\.language))
    }

    /// The value `values` hold most often; of equals, the first in sort order.
    private static func mostCommon(_ values: [String]) -> String? {
        let counts = Dictionary(grouping: values, by: { $0 }).mapValues(\.count)
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }

    /// The language of text that names none, guessed from the script most of its letters are
    /// in: for Han, kana or Hangul, kana `ja`, Hangul `ko`, Han alone `zh`; else
    /// the one phrase table in `tables` for the script most of its letters are in (Arabic
    /// `ar`, Cyrillic `ru`, Thai `th`); else, for a script several tables share (Latin), the
    /// table that lists most of its words (`LanguageFromWords`). Nil when none of these tells.
    public static func guess(from text: String, tables: PhraseTables) -> String? {
        guard let script = mainScript(of: text) else { return nil }
        if ["Hani", "Hira", "Kana", "Hang"].contains(script) { return LanguageTag.guess(from: text)?.bcp47 }
        let candidates = tables.tables.values.filter { likelyScript(of: $0.language) == script }
        if candidates.count == 1 { return candidates[0].language }
        return LanguageFromWords.guess(text, among: candidates)
    }

    /// A language guessed from the script most of `text`'s letters are in: its likely
    /// language (Latin `en`, Greek `el`); nil for text without letters of a script.
    public static func scriptLanguage(of text: String) -> String? {
        guard let script = mainScript(of: text), let likely = try? BCP47.maximized("und-\(script)"),
            let language = likely.split(separator: "-").first, language != "und"
        else { return nil }
        return String(language)
    }

    /// Whether most of `text`'s letters are in a script `language` is written in (Han and kana
    /// for Japanese, Hangul and Han for Korean); true for text without letters of a script.
    static func isWritten(_ text: String, in language: String) -> Bool {
        guard let script = mainScript(of: text) else { return true }
        switch likelyScript(of: language) {
        case "Jpan": return ["Hani", "Hira", "Kana"].contains(script)
        case "Kore": return ["Hang", "Hani"].contains(script)
        case "Hans", "Hant": return script == "Hani"
        case let written: return script == written
        }
    }

    /// The ISO 15924 code of the script most of `text`'s letters are in.
    private static func mainScript(of text: String) -> String? {
        mostCommon(text.unicodeScalars.map { UnicodeScript(of: $0) }.filter(\.isSpecific).map(\.code))
    }

    /// The script ICU gives `language` when it names none (`Latn` for `en`).
    private static func likelyScript(of language: String) -> String? {
        guard let likely = try? BCP47.maximized(language) else { return nil }
        let parts = likely.split(separator: "-")
        return parts.count > 1 ? String(parts[1]) : nil
    }
}
