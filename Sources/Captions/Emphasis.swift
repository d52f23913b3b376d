import Foundation

/// Words and phrases to stress (`--emphasize FILE`): one word or phrase a line, UTF-8; blank
/// lines and lines starting with `#` are skipped. They are compared by token keys
/// (`TimedToken.key`: case-insensitive, punctuation ignored), so `Right now!` matches the
/// words "right" "NOW," of a caption.
public struct EmphasisList: Sendable, Equatable {
    /// Each entry as the keys of its tokens, in order (`right now` is `["right", "now"]`).
    public var phrases: [[String]]

    /// The list of `entries`, each a word or a phrase; entries without a word are left out.
    public init(_ entries: [String]) {
        phrases = entries.map(Self.keys).filter { !$0.isEmpty }
    }

    /// The list of `entries`, each with its line (CaptionFiles' `load` reads them from a
    /// file); `file` names it in problems, which name each line that holds no word (only
    /// punctuation).
    public static func parse(_ entries: [(line: Int, entry: String)], file: String) throws -> EmphasisList {
        var problems = ProblemList(file: file)
        var kept: [String] = []
        for (line, entry) in entries {
            if keys(entry).isEmpty {
                problems.add(line: line, "`\(entry)` holds no word to stress")
                continue
            }
            kept.append(entry)
        }
        try problems.check()
        return EmphasisList(kept)
    }

    /// `captions` with `emphasis` set on every word that is part of a listed word or phrase
    /// (a phrase: its words in a row inside one caption). Other words keep theirs.
    public func marked(_ captions: [Caption]) -> [Caption] {
        guard !phrases.isEmpty else { return captions }
        return captions.map { caption in
            // The caption's token keys in order, each with the word it belongs to.
            var keys: [(key: String, word: Int)] = []
            for (index, word) in caption.words.enumerated() {
                keys += Self.keys(word.text).map { ($0, index) }
            }
            var marked = caption
            for phrase in phrases where phrase.count <= keys.count {
                for start in 0...(keys.count - phrase.count)
                where zip(keys[start...], phrase).allSatisfy({ $0.key == $1 }) {
                    for item in keys[start..<(start + phrase.count)] { marked.words[item.word].emphasis = true }
                }
            }
            return marked
        }
    }

    /// The keys of the tokens of `text` that have one (punctuation alone has none).
    static func keys(_ text: String) -> [String] {
        Tokenizer.tokens(text).map { TimedToken.key($0.text) }.filter { !$0.isEmpty }
    }
}
