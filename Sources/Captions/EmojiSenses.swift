import Foundation

/// One language's rules of when an emoji fits a word (`Presets/rules/emoji/<language>.json`):
/// the clues of a word's part of speech in its sentence, the endings taken off a word to find
/// its entry (`dogs`, `luces`), the words never decorated (CLDR gives them an emoji of another
/// sense: `right` 🫱) and the words whose emoji depends on their sense (`shorts`: the garment
/// 🩳, not YouTube's videos). `EmojiWordSense` applies them. Words are kept as token keys
/// (`TimedToken.key`: lower case, no punctuation), a phrase as its keys joined by spaces,
/// once the file is loaded.
public struct EmojiSenses: Sendable, Equatable, Decodable {
    /// An ending taken off a word, and what replaces it (`ies` → `y`).
    public struct Inflection: Sendable, Equatable, Decodable {
        public var ending: String
        public var base: String
    }

    /// Words before or after a word that tell its part of speech: classes of the phrase
    /// table and words of their own, with the grammar they come from.
    public struct Clues: Sendable, Equatable, Decodable {
        public var classes: [PhraseTable.WordClass]
        public var words: [String]
        public var source: String
    }

    /// The clues of a word's part of speech.
    public struct PartsOfSpeech: Sendable, Equatable, Decodable {
        /// The word before a verb: a subject pronoun, an auxiliary, `not`, `to`.
        public var verbAfter: Clues
        /// The word after a sentence's first word that makes it an imperative verb (`Check the`).
        public var imperativeBefore: Clues
        /// The word before a noun: an article, a possessive, a numeral.
        public var nounAfter: Clues
        /// Endings of adverbs (`ly`, `mente`).
        public var adverbEndings: [String]
        /// Endings of verb forms (`ar`, `ando`): a keyword with one is a verb; a name is not judged so.
        public var verbEndings: [String]?
    }

    /// One sense of a word: its emoji and the clues the sentence must give for it.
    public struct Sense: Sendable, Equatable, Decodable {
        public var word: String
        public var emoji: String
        /// What the sense is, for people reading the file.
        public var means: String
        /// Only written in lower case (`Rose` is a name).
        public var lowerCase: Bool?
        /// Only where the word before it opens a noun phrase (`the saw`, not `we saw`).
        public var noun: Bool?
        /// Only in a sentence that holds one of these words.
        public var with: [String]?
        /// Never in a sentence that holds one of these words.
        public var without: [String]?
        /// Only right after one of these words (`press play`).
        public var after: [String]?
    }

    public var language: String
    public var about: String
    public var inflections: [Inflection]
    public var partsOfSpeech: PartsOfSpeech
    public var never: [String]
    public var senses: [Sense]

    /// The senses of each word, in the file's order.
    func senses(of key: String) -> [Sense] { sensesByWord[key] ?? [] }
    private var sensesByWord: [String: [Sense]] = [:]
    /// `never`, as keys.
    private(set) var neverKeys: Set<String> = []

    enum CodingKeys: String, CodingKey {
        case language, about, inflections, partsOfSpeech, never, senses
    }

    /// `key` and the forms its endings make (`puppies` → `puppy`), each at least three letters.
    func lemmas(of key: String) -> [String] {
        var forms = [key]
        for rule in inflections where key.hasSuffix(rule.ending) {
            let form = String(key.dropLast(rule.ending.count)) + rule.base
            if form.count >= 3, !forms.contains(form) { forms.append(form) }
        }
        return forms
    }

    /// The token keys of a word or phrase of the file, joined by spaces.
    static func key(_ words: String) -> String { EmojiKeywords.keys(words).joined(separator: " ") }

    /// Every `*.json` file in `folder`, by language; every problem found, by file and field,
    /// is thrown together. A folder that is not there holds none.
    public static func load(folder: URL) throws -> [String: EmojiSenses] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var found: [String: EmojiSenses] = [:]
        var problems: [CaptionProblem] = []
        for name in files.sorted() where name.hasSuffix(".json") {
            do {
                let senses = try load(path: folder.appendingPathComponent(name).path, expecting: String(name.dropLast(5)))
                found[senses.language.lowercased()] = senses
            } catch let error as CaptionError {
                problems += error.problems
            }
        }
        if !problems.isEmpty { throw CaptionError(problems) }
        return found
    }

    /// The file at `path`, whose language must be `expecting` (its name); its words checked.
    static func load(path: String, expecting language: String) throws -> EmojiSenses {
        var senses = try RulesFile.decode(EmojiSenses.self, at: path, what: "emoji senses")
        var problems: [CaptionProblem] = []
        func problem(_ field: String, _ message: String) { problems.append(CaptionProblem(file: path, field: field, message: message)) }
        func check(_ words: [String], _ field: String) {
            for (index, word) in words.enumerated() where key(word).isEmpty || word != word.lowercased() {
                problem("\(field)[\(index)]", "\"\(word)\": expected a lower-case word or phrase")
            }
        }
        if senses.language != language { problem("language", "\"\(senses.language)\" in a file named \(language).json") }
        for (index, rule) in senses.inflections.enumerated() where rule.ending.isEmpty || rule.ending != rule.ending.lowercased() {
            problem("inflections[\(index)].ending", "\"\(rule.ending)\": expected a lower-case ending")
        }
        let clues = senses.partsOfSpeech
        for (name, clue) in [("verbAfter", clues.verbAfter), ("imperativeBefore", clues.imperativeBefore), ("nounAfter", clues.nounAfter)] {
            check(clue.words, "partsOfSpeech.\(name).words")
            if clue.source.trimmingCharacters(in: .whitespaces).isEmpty {
                problem("partsOfSpeech.\(name).source", "name the grammar these clues come from")
            }
        }
        check(senses.never, "never")
        for (index, sense) in senses.senses.enumerated() {
            check([sense.word], "senses[\(index)].word")
            for (name, words) in [("with", sense.with), ("without", sense.without), ("after", sense.after)] {
                check(words ?? [], "senses[\(index)].\(name)")
            }
            if !sense.emoji.unicodeScalars.contains(where: { $0.properties.isEmoji && $0.value > 0xFF }) || sense.emoji.contains(where: \.isLetter) {
                problem("senses[\(index)].emoji", "\"\(sense.emoji)\": expected an emoji")
            }
        }
        if !problems.isEmpty { throw CaptionError(problems) }
        // Every word as a key, as the judge compares them.
        for clue in [\PartsOfSpeech.verbAfter, \PartsOfSpeech.imperativeBefore, \PartsOfSpeech.nounAfter] {
            senses.partsOfSpeech[keyPath: clue].words = senses.partsOfSpeech[keyPath: clue].words.map(key)
        }
        senses.neverKeys = Set(senses.never.map(key))
        for var sense in senses.senses {
            sense.with = sense.with?.map(key)
            sense.without = sense.without?.map(key)
            sense.after = sense.after?.map(key)
            senses.sensesByWord[key(sense.word), default: []].append(sense)
        }
        return senses
    }
}
