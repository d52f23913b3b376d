import Captions
import Foundation

/// Where the emoji added after words come from (`--emoji`): none, the Unicode CLDR keywords
/// of each caption's language, or those with a creator's file of words and phrases over them.
public typealias EmojiSource = OffAutoOrFile

/// The emoji step of the captions: at most one emoji a caption, after a word its language's
/// CLDR keywords (and the creator's file) name (`EmojiKeywords`).
enum EmojiStep {
    /// `captions` with their emoji from `source`; a caption's language is its own, else
    /// `language`. A language CLDR has no annotations for gets the file's entries alone.
    static func added(
        _ captions: [Caption], source: EmojiSource, language: String?, rules: ReadingRules, events: (BurnEvent) -> Void
    ) throws -> [Caption] {
        guard source != .off, !captions.isEmpty else { return captions }
        if let missing = EmojiAnnotations.missing { throw BurnError.input("--emoji \(source.argument): \(missing)") }
        let own = try source.file.map { try EmojiKeywords.load(path: $0, words: EmojiKeywords.wordKeys(captions)) } ?? EmojiKeywords()
        var tables: [String: EmojiKeywords] = [:]
        var without: Set<String> = []
        var result: [Caption] = []
        for caption in captions {
            let tag = caption.language ?? language ?? "en"
            if tables[tag] == nil {
                let cldr = try EmojiAnnotations.keywords(for: tag, table: rules.phrases.table(for: tag))
                if cldr.isEmpty { without.insert(tag) }
                tables[tag] = cldr.adding(own)
            }
            result += tables[tag]!.added(to: [caption])
        }
        for tag in without.sorted() {
            events(.notice("--emoji: CLDR has no emoji keywords for \(tag); \(source.file == nil ? "none are added" : "only the file's are") in its captions"))
        }
        return result
    }
}
