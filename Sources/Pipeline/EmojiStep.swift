import CaptionFiles
import Captions
import Foundation
import Settings

/// Where the emoji added after words come from (`--emoji`): none, the Unicode CLDR keywords
/// of each caption's language, or those with a creator's file of words and phrases over them.
public typealias EmojiSource = OffAutoOrFile

/// The emoji step of the captions: at most one emoji a caption, after a word its language's
/// CLDR keywords (and the creator's file) name (`EmojiKeywords`), judged in its sentence by
/// the language's senses file (`Presets/rules/emoji`, `EmojiWordSense`) where it has one.
enum EmojiStep {
    /// `captions` with their emoji from `source`; a caption's language is its own, else
    /// `language`. A language CLDR has no annotations for gets the file's entries alone.
    static func added(
        _ captions: [Caption], source: EmojiSource, language: String?, rules: ReadingRules, events: (BurnEvent) -> Void
    ) throws -> [Caption] {
        guard source != .off, !captions.isEmpty else { return captions }
        if let missing = EmojiAnnotations.missing { throw BurnError.input("--emoji \(source.argument): \(missing)") }
        let own = try source.file.map { try EmojiKeywords.load(path: $0, words: EmojiKeywords.wordKeys(captions)) } ?? EmojiKeywords()
        let senses = try EmojiSenses.load(folder: try Resources.emojiSenses())
        // Each language's captions, in order: each is judged in the sentences around it.
        var byLanguage: [String: [Int]] = [:]
        var order: [String] = []
        for (index, caption) in captions.enumerated() {
            let tag = caption.language ?? language ?? "en"
            if byLanguage[tag] == nil { order.append(tag) }
            byLanguage[tag, default: []].append(index)
        }
        var without: Set<String> = []
        var result = captions
        for tag in order {
            let table = rules.phrases.table(for: tag)
            let cldr = try EmojiAnnotations.keywords(for: tag, table: table)
            if cldr.isEmpty { without.insert(tag) }
            let primary = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? tag
            // A language with no senses file gets CLDR's entries wherever its words are.
            var keywords = cldr.adding(own)
            if let known = senses[primary] { keywords = keywords.judged(senses: known, table: table) }
            result = keywords.added(to: result, at: byLanguage[tag] ?? [])
        }
        for tag in without.sorted() {
            events(.notice("--emoji: CLDR has no emoji keywords for \(tag); \(source.file == nil ? "none are added" : "only the file's are") in its captions"))
        }
        return result
    }
}
