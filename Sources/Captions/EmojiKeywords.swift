import Foundation

/// Emoji added after the words they stand for (`--emoji`): a table of words and phrases, each
/// with its emoji, from the Unicode CLDR annotations of the captions' language and from a
/// creator's own file. Words are compared by token keys (`TimedToken.key`: case-insensitive,
/// punctuation ignored), a phrase as its words in a row inside one caption.
public struct EmojiKeywords: Sendable, Equatable {
    /// A word or phrase and its emoji.
    public struct Entry: Sendable, Equatable {
        public var phrase: String
        public var emoji: String
        /// Where it comes from, for `plan` and `lint`: `CLDR en`, `FILE:LINE`.
        public var source: String
        /// A creator's entry: it wins over CLDR's for the same words and in the same caption.
        public var isOwn: Bool
        /// The emoji's CLDR name (`tts`), or a sense's emoji: it wins over a keyword in a caption.
        public var isName = false
    }

    /// The entries by the keys of their words (`birthday cake` is `["birthday", "cake"]`).
    private(set) var entries: [[String]: Entry] = [:]
    /// The most words of any entry.
    private(set) var longest = 0
    /// What judges a CLDR entry in its sentence; nil: every entry counts wherever it is.
    private(set) var sense: EmojiWordSense?

    /// The table of `entries`; a later entry for the same words replaces an earlier one.
    public init(_ entries: [Entry] = []) {
        for entry in entries { add(entry) }
    }

    /// Whether the table holds nothing.
    public var isEmpty: Bool { entries.isEmpty }

    /// This table with `other`'s entries added, each replacing one of the same words.
    public func adding(_ other: EmojiKeywords) -> EmojiKeywords {
        var merged = self
        for entry in other.entries.values { merged.add(entry) }
        return merged
    }

    private mutating func add(_ entry: Entry) {
        let keys = Self.keys(entry.phrase)
        guard !keys.isEmpty else { return }
        entries[keys] = entry
        longest = max(longest, keys.count)
    }

    /// The token keys of `text`'s words.
    static func keys(_ text: String) -> [String] {
        Tokenizer.tokens(text).map { TimedToken.key($0.text) }.filter { !$0.isEmpty }
    }

    /// `captions` with at most one emoji each: after the first words of the caption that a
    /// creator's entry names, else the first that a CLDR name names, else the first that a
    /// CLDR keyword names, unless the caption has an emoji already. With `judged`, a CLDR
    /// entry counts only where its words name, in their sentence, what the emoji shows
    /// (`EmojiWordSense`). Only the captions at `indices` (all when nil) get one: the others
    /// give the sentences around them. The emoji is a word of its own, shown from the end of
    /// the words it follows and taking their closing punctuation (`pizza 🍕,`); a
    /// `CaptionChange` of kind `emoji` says what was added and why.
    public func added(to captions: [Caption], at indices: [Int]? = nil) -> [Caption] {
        guard !entries.isEmpty else { return captions }
        let text = EmojiSentences(captions, reading: sense ?? EmojiWordSense())
        var result = captions
        for index in indices ?? Array(captions.indices) {
            let caption = captions[index]
            guard !Self.holdsEmoji(caption.text), let (end, entry) = match(in: index, of: text) else {
                continue
            }
            result[index] = adding(entry, after: end, to: caption)
        }
        return result
    }

    /// This table judging each CLDR entry by `sense` before it is used.
    public func judged(senses: EmojiSenses?, table: PhraseTable?) -> EmojiKeywords {
        var judged = self
        judged.sense = EmojiWordSense(senses: senses, table: table)
        return judged
    }

    /// The last word of the first match in caption `index` of `text` (a creator's entry before
    /// a CLDR name, a name before a keyword), and its entry.
    private func match(in index: Int, of text: EmojiSentences) -> (word: Int, entry: Entry)? {
        let places = text.places
        let range = text.captions[index]
        var found: (word: Int, entry: Entry, rank: Int)?
        for start in range {
            // A phrase must start and end on a word's first and last key, inside one sentence.
            guard start == range.lowerBound || places[start - 1].word != places[start].word else { continue }
            let sentence = text.sentences[places[start].sentence]
            for count in stride(from: min(longest, range.upperBound - start), through: 1, by: -1) {
                let end = start + count - 1
                guard end + 1 == range.upperBound || places[end + 1].word != places[end].word,
                    places[end].sentence == places[start].sentence
                else { continue }
                let span = places[start].position..<(places[start].position + count)
                guard let looked = lookUp(sentence.words[span].map(\.key), at: span, in: sentence) else { continue }
                guard case .entry(let entry) = looked else { break }
                if entry.isOwn { return (places[end].word, entry) }
                let rank = entry.isName ? 0 : 1
                if rank < found?.rank ?? 2 { found = (places[end].word, entry, rank) }
                break
            }
        }
        return found.map { ($0.word, $0.entry) }
    }

    /// What the words `keys` at `span` of `sentence` find: an entry that fits there (the words
    /// as written, else with the language's endings taken off), `blocked` when they have
    /// entries and none fits, nil when they have none.
    private func lookUp(_ keys: [String], at span: Range<Int>, in sentence: EmojiWordSense.Sentence) -> Lookup? {
        guard let sense else { return entries[keys].map(Lookup.entry) }
        var listed = false
        for form in sense.forms(of: keys) {
            if let entry = entries[form], entry.isOwn { return .entry(entry) }
            if let chosen = sense.sense(of: form, at: span, in: sentence) {
                listed = true
                guard let chosen else { continue }
                let source = "emoji senses \(sense.senses?.language ?? "")"
                return .entry(Entry(phrase: chosen.word, emoji: chosen.emoji, source: source, isOwn: false, isName: true))
            }
            guard let entry = entries[form] else { continue }
            listed = true
            if sense.fits(span, in: sentence, form: form, isName: entry.isName) { return .entry(entry) }
        }
        return listed ? .blocked : nil
    }

    /// What a lookup finds.
    private enum Lookup {
        case entry(Entry)
        /// Entries of these words, none of them fitting here: no shorter match from the same word.
        case blocked
    }

    /// `caption` with `entry`'s emoji after word `index`.
    private func adding(_ entry: Entry, after index: Int, to caption: Caption) -> Caption {
        var changed = caption
        let word = caption.words[index]
        // The word's closing punctuation moves after the emoji: `pizza,` becomes `pizza 🍕,`.
        let closing = String(word.text.reversed().prefix { Tokenizer.isPunctuation($0) }.reversed())
        let bare = String(word.text.dropLast(closing.count))
        // Where the word is in the text: the words are found in order, as layout finds them.
        var cursor = caption.text.startIndex
        for earlier in caption.words[..<index] {
            if let found = caption.text.range(of: earlier.text, range: cursor..<caption.text.endIndex) { cursor = found.upperBound }
        }
        guard !bare.isEmpty, let found = caption.text.range(of: word.text, range: cursor..<caption.text.endIndex) else {
            return caption
        }
        // Chinese and Japanese take no space before it.
        let space = bare.last.map(Tokenizer.isCJK) == true ? "" : " "
        let at = caption.text.index(found.lowerBound, offsetBy: bare.count)
        changed.text.replaceSubrange(at..<found.upperBound, with: space + entry.emoji + closing)
        changed.words[index].text = bare
        let next = index + 1 < caption.words.count ? caption.words[index + 1].start : caption.end
        var emoji = Word(text: entry.emoji + closing, start: word.end, end: max(word.end, next))
        emoji.estimated = word.estimated
        changed.words.insert(emoji, at: index + 1)
        changed.changes.append(CaptionChange(.emoji, "added \(entry.emoji) after \"\(entry.phrase)\" (\(entry.source))"))
        return changed
    }

    /// Whether `phrase` may name words among `words` (token keys, the longest `longestWord`
    /// characters long), without tokenizing it: a match starts with one of them, and the
    /// phrase's tokens' keys run on in its own key, so one of its key's first characters
    /// is a key of `words`. A phrase with no key is let through, for its problem to be said.
    private static func mayName(_ phrase: String, _ words: Set<String>, longestWord: Int) -> Bool {
        let key = TimedToken.key(phrase)
        guard !key.isEmpty else { return true }
        var prefix = ""
        for character in key.prefix(longestWord) {
            prefix.append(character)
            if words.contains(prefix) { return true }
        }
        return false
    }

    /// Whether `text` holds an emoji shown as a picture: one by itself (Unicode's
    /// Emoji_Presentation), or a symbol asked to be one with U+FE0F (▶️, ❤️).
    static func holdsEmoji(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isEmojiPresentation || $0 == "\u{FE0F}" }
    }

    /// The token keys of `captions`' words, for `load` (CaptionFiles) and `parse`.
    public static func wordKeys(_ captions: [Caption]) -> Set<String> {
        Set(captions.flatMap { caption in caption.words.flatMap { keys($0.text) } })
    }

    /// The list of a creator's `listed` entries, each with its line (`--emoji FILE`, which
    /// CaptionFiles' `load` reads): a word or phrase and then its emoji. `file` names it in
    /// problems, with the line.
    /// With `words` (the captions' `wordKeys`), only the entries that may name them are
    /// kept: every line's form is checked, but a list's cost beyond that is bounded by the
    /// captions' words, not the list's length.
    public static func parse(_ listed: [(line: Int, entry: String)], file: String, words: Set<String>? = nil) throws -> EmojiKeywords {
        var problems = ProblemList(file: file)
        var entries: [Entry] = []
        let longestWord = words?.map(\.count).max() ?? 0
        for (line, entry) in listed {
            let fields = entry.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 2, let emoji = fields.last,
                emoji.unicodeScalars.contains(where: { $0.properties.isEmoji && $0.value > 0xFF }),
                emoji.allSatisfy({ !$0.isLetter && !$0.isNumber })
            else {
                problems.add(line: line, "`\(entry)`: expected a word or phrase, a space and its emoji (`pizza 🍕`)")
                continue
            }
            let phrase = fields.dropLast().joined(separator: " ")
            if let words, !mayName(phrase, words, longestWord: longestWord) { continue }
            guard !keys(phrase).isEmpty else {
                problems.add(line: line, "`\(phrase)` holds no word")
                continue
            }
            entries.append(Entry(phrase: phrase, emoji: String(emoji), source: "\(file):\(line)", isOwn: true))
        }
        try problems.check()
        return EmojiKeywords(entries)
    }
}

extension EmojiKeywords {
    /// One emoji of a CLDR annotations file: its name (`tts`, `birthday cake`) and keywords.
    public struct Annotation: Sendable {
        public var emoji: String
        public var name: String?
        public var keywords: [String]

        public init(emoji: String, name: String?, keywords: [String]) {
            self.emoji = emoji
            self.name = name
            self.keywords = keywords
        }
    }

    /// The table CLDR's annotations of a language make (`source` names them, `CLDR es`): each
    /// emoji shown as a picture by itself (no flag, keycap, skin tone or joined sequence, no
    /// enclosed letters such as 🆕 or 🈁) after its name (`pizza` 🍕, `birthday cake` 🎂), and after
    /// each keyword only that emoji lists (`cumpleaños` is two emoji's: none). A keyword of
    /// fewer than three letters, or one `table` lists (an article, a preposition), is none.
    public static func cldr(_ annotations: [Annotation], source: String, table: PhraseTable?) -> EmojiKeywords {
        let shown = annotations.filter { isPictureAlone($0.emoji) }
        var owners: [[String]: Set<String>] = [:]
        for annotation in shown {
            for keyword in annotation.keywords { owners[keys(keyword), default: []].insert(annotation.emoji) }
        }
        func usable(_ phrase: String) -> Bool {
            let words = keys(phrase)
            guard !words.isEmpty, !phrase.contains(":") else { return false }
            if words.count == 1 { return words[0].count >= 3 && !(table?.lists(words[0]) ?? false) }
            return true
        }
        var entries: [Entry] = []
        // Keywords first: a name of the same words replaces them.
        for annotation in shown {
            for keyword in annotation.keywords where owners[keys(keyword)]?.count == 1 && usable(keyword) {
                entries.append(Entry(phrase: keyword, emoji: annotation.emoji, source: source, isOwn: false))
            }
        }
        var named: Set<[String]> = []
        for annotation in shown {
            guard let name = annotation.name, usable(name), named.insert(keys(name)).inserted else { continue }
            entries.append(Entry(phrase: name, emoji: annotation.emoji, source: source, isOwn: false, isName: true))
        }
        return EmojiKeywords(entries)
    }

    /// One emoji drawn as a picture by itself: a single scalar with Emoji_Presentation (or with
    /// U+FE0F after it), not a skin tone, a hair component, a regional indicator or an
    /// enclosed letter or ideograph (U+1F100...1F2FF: 🆕, 🈁).
    static func isPictureAlone(_ emoji: String) -> Bool {
        let scalars = Array(emoji.unicodeScalars)
        guard let first = scalars.first, scalars.count == 1 || scalars.count == 2 && scalars[1] == "\u{FE0F}" else { return false }
        guard first.properties.isEmojiPresentation || scalars.count == 2, first.value > 0xFF else { return false }
        if first.properties.isEmojiModifier || (0x1F9B0...0x1F9B3).contains(first.value) || (0x1F100...0x1F2FF).contains(first.value) {
            return false
        }
        return true
    }
}
