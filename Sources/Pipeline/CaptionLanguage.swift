import Captions
import Foundation
import Layout
import UnicodeText

/// The language of a caption file, for `{lang}` in output names and for the layout of captions
/// that name none. In order: the file's own (Whisper, native JSON), the `--language` given
/// with it, its name (`talk.ja.srt` is `ja`, `en.srt` is `en`), a guess from its script.
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
    static func named(in transcript: Transcript) -> String? {
        transcript.language ?? mostCommon(transcript.segments.compactMap(\.language))
    }

    /// The value `values` hold most often; of equals, the first in sort order.
    private static func mostCommon(_ values: [String]) -> String? {
        let counts = Dictionary(grouping: values, by: { $0 }).mapValues(\.count)
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }

    /// A language guessed from the script most of `text`'s letters are in: kana `ja`, Hangul
    /// `ko`, Han `zh`, otherwise the script's likely language (Arabic `ar`, Cyrillic `ru`,
    /// Latin `en`, Thai `th`); nil for text without letters of a script.
    public static func guess(from text: String) -> String? {
        if let cjk = LanguageTag.guess(from: text) { return cjk.bcp47 }
        let scripts = text.unicodeScalars.map { UnicodeScript(of: $0) }.filter(\.isSpecific).map(\.code)
        guard let script = mostCommon(scripts),
            let likely = try? BCP47.maximized("und-\(script)"),
            let language = likely.split(separator: "-").first, language != "und"
        else { return nil }
        return String(language)
    }
}
