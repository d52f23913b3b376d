import UnicodeText

/// One language's closed-class words (`Presets/rules/boundaries/<language>.json`): the words
/// that belong with the word after them (articles, determiners, possessives, prepositions,
/// conjunctions, auxiliaries, negations, subject clitics, the adjectives that go before a
/// noun) or with the word before them (particles, postpositions, German verb particles at
/// the end of a clause), and whether the language sets adjectives before nouns. Each group
/// of words names the grammar it comes from.
public struct PhraseTable: Sendable, Equatable {
    /// The grammatical class of a group of words.
    public enum WordClass: String, Sendable, Codable, CaseIterable {
        case article, determiner, possessive, pronoun, preposition, postposition, conjunction, auxiliary, negation
        case adjective, particle, classifier, verbParticle
    }

    /// Which neighbour a word belongs with.
    public enum Binding: String, Sendable, Codable, CaseIterable {
        /// The word after it: a break after it parts a phrase (for a preposition or a
        /// conjunction, a break before it is a good one).
        case next
        /// The word before it: no line or caption starts with it.
        case previous
        /// The word before it when punctuation or the end of the text follows it (a German
        /// separable verb particle: `Ich rufe dich morgen an.`).
        case previousAtClauseEnd
    }

    /// One group of words: their class, their binding and the grammar they come from.
    public struct Group: Sendable, Equatable, Codable {
        public var wordClass: WordClass
        public var binds: Binding
        /// Lower case, as written; an entry may be up to `PhraseTable.longestEntry` words.
        public var words: [String]
        public var source: String

        enum CodingKeys: String, CodingKey {
            case wordClass = "class", binds, words, source
        }
    }

    /// The primary language subtag (`de`, `zh`).
    public var language: String
    public var name: String
    public var about: String
    /// Whether attributive adjectives come before the noun (English, German, Japanese ...).
    public var adjectivesBeforeNouns: Bool
    /// Whether every noun starts with a capital letter (German): a lower-case word between a
    /// determiner and a capitalized word is then an adjective before its noun.
    public var nounsCapitalized: Bool
    public var groups: [Group]

    /// The most words an entry may have (`ya da`, `parce que`, `bởi vì`).
    public static let longestEntry = 3

    /// Entries, lowercased, by binding: the class of each.
    private var bindsNext: [String: WordClass] = [:]
    private var bindsPrevious: [String: WordClass] = [:]
    private var bindsPreviousAtClauseEnd: [String: WordClass] = [:]
    /// What a piece of an entry of several pieces may be: each word of an entry of several
    /// words, and the beginnings and ends of an entry (`くだ` and `さい` of `ください`).
    private var fragments: Set<String> = []

    public init(
        language: String, name: String, about: String, adjectivesBeforeNouns: Bool, nounsCapitalized: Bool,
        groups: [Group]
    ) {
        self.language = language
        self.name = name
        self.about = about
        self.adjectivesBeforeNouns = adjectivesBeforeNouns
        self.nounsCapitalized = nounsCapitalized
        self.groups = groups
        for group in groups {
            for word in group.words {
                let key = Self.key(word)
                switch group.binds {
                case .next: bindsNext[key] = bindsNext[key] ?? group.wordClass
                case .previous: bindsPrevious[key] = bindsPrevious[key] ?? group.wordClass
                case .previousAtClauseEnd: bindsPreviousAtClauseEnd[key] = bindsPreviousAtClauseEnd[key] ?? group.wordClass
                }
                let characters = Array(key)
                if key.contains(" ") {
                    fragments.formUnion(key.split(separator: " ").map(String.init))
                } else if characters.count > 1, key.unicodeScalars.contains(where: Self.isWrittenWithoutSpaces) {
                    for cut in 1..<characters.count {
                        fragments.insert(String(characters[..<cut]))
                        fragments.insert(String(characters[cut...]))
                    }
                }
            }
        }
    }

    /// What a break between `before` (the text's pieces up to the break, nearest last) and
    /// `after` (from the break on, nearest first) does to a phrase. Pieces are words or runs
    /// of punctuation as ICU segments them, without white space; a break after punctuation
    /// is free here (its punctuation ranks it).
    func boundary(before: ArraySlice<PhrasePiece>, after: ArraySlice<PhrasePiece>) -> PhraseBoundary {
        guard let last = before.last, last.isWord, let first = after.first, first.isWord else { return .free }
        // The words next to the break, up to the punctuation nearest it.
        var from = before.endIndex - 1
        while from > before.startIndex, before.endIndex - from < Self.longestEntry, before[from - 1].isWord { from -= 1 }
        var to = after.startIndex + 1
        while to < after.endIndex, to - after.startIndex < Self.longestEntry, after[to].isWord { to += 1 }
        let wordsBefore = before[from...]
        let wordsAfter = after[..<to]
        // The longest entry that ends at the break, or starts at it; entries of several
        // pieces are looked up only where a piece is part of one.
        let joinsBefore = fragments.contains(last.key)
        for count in stride(from: joinsBefore ? wordsBefore.count : 1, through: 1, by: -1) {
            let entry = wordsBefore.suffix(count)
            guard let wordClass = lookUp(entry, in: bindsNext) else { continue }
            // A prenominal adjective binds only to a word that may be its noun.
            if wordClass == .adjective && isClosedClass(first.key) { continue }
            return .afterBound(entry.map(\.key).joined(separator: " "), wordClass)
        }
        let joinsAfter = fragments.contains(first.key)
        for count in stride(from: joinsAfter ? wordsAfter.count : 1, through: 1, by: -1) {
            let entry = wordsAfter.prefix(count)
            if let wordClass = lookUp(entry, in: bindsPrevious) {
                return .beforeBound(entry.map(\.key).joined(separator: " "), wordClass)
            }
        }
        // An entry of several words that the break cuts (`parce | que`, `mặc | dù`).
        if joinsBefore && joinsAfter {
            for count in 2...Self.longestEntry {
                for inBefore in 1..<count where inBefore <= wordsBefore.count && count - inBefore <= wordsAfter.count {
                    let entry = Array(wordsBefore.suffix(inBefore) + wordsAfter.prefix(count - inBefore))
                    if let wordClass = lookUp(entry[...], in: bindsNext) ?? lookUp(entry[...], in: bindsPrevious) {
                        return .afterBound(entry.map(\.key).joined(separator: " "), wordClass)
                    }
                }
            }
        }
        // A verb particle binds back when punctuation or the end of the text follows it.
        if let wordClass = bindsPreviousAtClauseEnd[first.key], after.count == 1 || !after[after.startIndex + 1].isWord {
            return .beforeBound(first.key, wordClass)
        }
        // After a determiner and two words before a third (`the noisy old | refrigerator`):
        // adjectives before their noun, where the language sets them first.
        if adjectivesBeforeNouns, wordsBefore.count == Self.longestEntry, !isClosedClass(first.key), !isClosedClass(last.key),
            !isClosedClass(wordsBefore[from + 1].key), Self.opensNounPhrase(bindsNext[wordsBefore[from].key])
        {
            return .insideNounPhrase(last.key)
        }
        if nounsCapitalized, adjectivesBeforeNouns, first.startsUppercase, last.startsLowercase,
            !isClosedClass(last.key), !isClosedClass(first.key),
            wordsBefore.dropLast().suffix(2).contains(where: { Self.opensNounPhrase(bindsNext[$0.key]) })
        {
            return .insideNounPhrase(last.key)
        }
        if let wordClass = bindsNext[first.key], wordClass == .conjunction || wordClass == .preposition {
            return .beforeOpener(first.key, wordClass)
        }
        return .free
    }

    /// Whether a word of this class starts a noun phrase (an article, determiner or possessive).
    private static func opensNounPhrase(_ wordClass: WordClass?) -> Bool {
        wordClass == .article || wordClass == .determiner || wordClass == .possessive
    }

    /// The class of `pieces` as one entry: joined with spaces, or without for scripts that
    /// write none (`แล้ว` + `ก็`).
    private func lookUp(_ pieces: ArraySlice<PhrasePiece>, in entries: [String: WordClass]) -> WordClass? {
        guard pieces.count > 1 else { return pieces.first.flatMap { entries[$0.key] } }
        let keys = pieces.map(\.key)
        return entries[keys.joined(separator: " ")] ?? entries[keys.joined()]
    }

    /// A word as the table lists it: lower case, with a straight apostrophe (`l'`, `i'm`).
    static func key(_ word: String) -> String {
        // Most words are ASCII: lowered byte by byte, or kept when already lower case.
        var utf8 = Array(word.utf8)
        if utf8.allSatisfy({ $0 < 0x80 }) {
            guard utf8.contains(where: { (0x41...0x5A).contains($0) }) else { return word }
            for i in utf8.indices where (0x41...0x5A).contains(utf8[i]) { utf8[i] += 0x20 }
            return String(decoding: utf8, as: UTF8.self)
        }
        let lower = word.lowercased()
        return lower.contains("\u{2019}") ? String(lower.map { $0 == "\u{2019}" ? "'" : $0 }) : lower
    }

    /// Whether `key` (a word as `key` makes it) is one of the table's words, whichever way it binds.
    private func isClosedClass(_ key: String) -> Bool {
        bindsNext[key] != nil || bindsPrevious[key] != nil || bindsPreviousAtClauseEnd[key] != nil
    }

    /// A letter of a script written without spaces between words (Chinese, Japanese, Thai ...),
    /// whose entries ICU may cut into several pieces.
    private static func isWrittenWithoutSpaces(_ scalar: Unicode.Scalar) -> Bool {
        CJKScript(scalar) != nil || UnicodeScript(of: scalar).isSoutheastAsian
    }

    /// A piece with a letter or digit in it (not a run of punctuation or symbols).
    static func isWord(_ piece: String) -> Bool {
        piece.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }
}

/// What a break between two words does to the phrase around it; a word it names is as the
/// table lists it (lower case).
public enum PhraseBoundary: Sendable, Equatable {
    /// Nothing the tables know of.
    case free
    /// Before a conjunction or a preposition: where guides prefer a break.
    case beforeOpener(String, PhraseTable.WordClass)
    /// After a word that belongs with the next (`the`, `und`, `de`).
    case afterBound(String, PhraseTable.WordClass)
    /// Before a word that belongs with the one before (`的`, `は`, `में`, `ครับ`, a verb particle).
    case beforeBound(String, PhraseTable.WordClass)
    /// Between an adjective and the noun after it (`die neuen | Kameras`): the adjective.
    case insideNounPhrase(String)

    /// How much worse than a free break this one is, as a share of a line's width (or of a
    /// caption's length): a bound word costs more than any imbalance of two lines, so it is
    /// taken only when no other break fits; a break before a conjunction or preposition is
    /// worth a little imbalance.
    public var cost: Double {
        switch self {
        case .free: return 0
        case .beforeOpener: return Self.leastCost
        case .afterBound, .beforeBound: return 1.2
        case .insideNounPhrase: return 0.6
        }
    }

    /// The lowest `cost` of any boundary (a break before a conjunction or preposition).
    public static let leastCost = -0.1

    /// The word that binds across the break, for a report; nil for a free or good break.
    public var boundWord: String? {
        switch self {
        case .free, .beforeOpener: return nil
        case .afterBound(let word, _), .beforeBound(let word, _), .insideNounPhrase(let word): return word
        }
    }

    /// Whether the break parts a bound word, or an adjective, from its neighbour.
    public var isBound: Bool { boundWord != nil }

    /// Whether the break parts a word of the table (not an adjective found by its place)
    /// from its neighbour: what lint's `boundary` rule reports.
    public var partsClosedClassWord: Bool {
        switch self {
        case .afterBound, .beforeBound: return true
        case .free, .beforeOpener, .insideNounPhrase: return false
        }
    }
}

/// A piece of text around a break (a word, or a run of punctuation), as a table compares it.
struct PhrasePiece: Sendable {
    /// As `PhraseTable.key` makes it: lower case, a straight apostrophe.
    let key: String
    /// It has a letter or digit in it.
    let isWord: Bool
    /// Its first letter is a capital (a German noun), or a small letter.
    let startsUppercase: Bool
    let startsLowercase: Bool

    /// A piece of text as written.
    init(_ text: String) { self.init(key: PhraseTable.key(text), first: text.unicodeScalars.first) }

    init(key: String, first: Unicode.Scalar?) {
        self.key = key
        isWord = PhraseTable.isWord(key)
        startsUppercase = first?.properties.isUppercase ?? false
        startsLowercase = first?.properties.isLowercase ?? false
    }
}
