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

    /// Entries, lowercased, that bind to the next word or the one before: the class of each
    /// (for entries of several pieces).
    private var bindsNext: [String: WordClass] = [:]
    private var bindsPrevious: [String: WordClass] = [:]
    /// What the table makes of each piece: its class as an entry of one piece, by binding,
    /// and what part of an entry of several it may be (each word of an entry of several words,
    /// and the beginnings and ends of an entry: `くだ` and `さい` of `ください`).
    private var classes: [String: PieceClasses] = [:]

    /// What the table makes of one piece.
    private struct PieceClasses: Sendable, Equatable {
        var next: WordClass?
        var previous: WordClass?
        var previousAtClauseEnd: WordClass?
        var fragment: PhrasePiece.Fragment = []
    }

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
                // The first group that lists a word gives its class.
                switch group.binds {
                case .next:
                    bindsNext[key] = bindsNext[key] ?? group.wordClass
                    classes[key, default: PieceClasses()].next = bindsNext[key]
                case .previous:
                    bindsPrevious[key] = bindsPrevious[key] ?? group.wordClass
                    classes[key, default: PieceClasses()].previous = bindsPrevious[key]
                case .previousAtClauseEnd:
                    classes[key, default: PieceClasses()].previousAtClauseEnd = classes[key]?.previousAtClauseEnd ?? group.wordClass
                }
                // Each piece of an entry of several: a word of it, or a cut of a word written
                // without spaces (`くだ` + `さい`); its first piece starts it, its last ends it.
                var cuts: [(String, String)] = []
                if key.contains(" ") {
                    let words = key.split(separator: " ").map(String.init)
                    cuts = [(words[0], words[words.count - 1])]
                    for middle in words.dropFirst().dropLast() { classes[middle, default: PieceClasses()].fragment.insert(.inside) }
                } else if key.count > 1, key.unicodeScalars.contains(where: Self.isWrittenWithoutSpaces) {
                    let characters = Array(key)
                    cuts = (1..<characters.count).map { (String(characters[..<$0]), String(characters[$0...])) }
                }
                for (start, end) in cuts {
                    classes[start, default: PieceClasses()].fragment.formUnion([.inside, .starting])
                    classes[end, default: PieceClasses()].fragment.formUnion([.inside, .ending])
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
        // pieces are looked up only where a piece may end, or start, one.
        let joinsBefore = last.fragment.contains(.ending)
        for count in stride(from: joinsBefore ? wordsBefore.count : 1, through: 1, by: -1) {
            let entry = wordsBefore.suffix(count)
            guard let wordClass = lookUp(entry, .next) else { continue }
            // A prenominal adjective binds only to a word that may be its noun.
            if wordClass == .adjective && first.isClosedClass { continue }
            return .afterBound(entry.map(\.key).joined(separator: " "), wordClass)
        }
        let joinsAfter = first.fragment.contains(.starting)
        for count in stride(from: joinsAfter ? wordsAfter.count : 1, through: 1, by: -1) {
            let entry = wordsAfter.prefix(count)
            if let wordClass = lookUp(entry, .previous) {
                return .beforeBound(entry.map(\.key).joined(separator: " "), wordClass)
            }
        }
        // An entry of several words that the break cuts (`parce | que`, `mặc | dù`).
        if !last.fragment.isEmpty && !first.fragment.isEmpty {
            for count in 2...Self.longestEntry {
                for inBefore in 1..<count where inBefore <= wordsBefore.count && count - inBefore <= wordsAfter.count {
                    let entry = Array(wordsBefore.suffix(inBefore) + wordsAfter.prefix(count - inBefore))
                    if let wordClass = lookUp(entry[...], .next) ?? lookUp(entry[...], .previous) {
                        return .afterBound(entry.map(\.key).joined(separator: " "), wordClass)
                    }
                }
            }
        }
        // A verb particle binds back when punctuation or the end of the text follows it.
        if let wordClass = first.previousAtClauseEnd, after.count == 1 || !after[after.startIndex + 1].isWord {
            return .beforeBound(first.key, wordClass)
        }
        // After a determiner and two words before a third (`the noisy old | refrigerator`):
        // adjectives before their noun, where the language sets them first.
        if adjectivesBeforeNouns, wordsBefore.count == Self.longestEntry, !first.isClosedClass, !last.isClosedClass,
            !wordsBefore[from + 1].isClosedClass, Self.opensNounPhrase(wordsBefore[from].next)
        {
            return .insideNounPhrase(last.key)
        }
        if nounsCapitalized, adjectivesBeforeNouns, first.startsUppercase, last.startsLowercase,
            !last.isClosedClass, !first.isClosedClass,
            wordsBefore.dropLast().suffix(2).contains(where: { Self.opensNounPhrase($0.next) })
        {
            return .insideNounPhrase(last.key)
        }
        if let wordClass = first.next, wordClass == .conjunction || wordClass == .preposition {
            return .beforeOpener(first.key, wordClass)
        }
        return .free
    }

    /// Whether a word of this class starts a noun phrase (an article, determiner or possessive).
    private static func opensNounPhrase(_ wordClass: WordClass?) -> Bool {
        wordClass == .article || wordClass == .determiner || wordClass == .possessive
    }

    /// The class of `pieces` as one entry that binds that way: joined with spaces, or without
    /// for scripts that write none (`แล้ว` + `ก็`).
    private func lookUp(_ pieces: ArraySlice<PhrasePiece>, _ binding: Binding) -> WordClass? {
        guard let start = pieces.first, let end = pieces.last else { return nil }
        guard pieces.count > 1 else { return binding == .next ? start.next : start.previous }
        guard start.fragment.contains(.starting), end.fragment.contains(.ending) else { return nil }
        let entries = binding == .next ? bindsNext : bindsPrevious
        let keys = pieces.map(\.key)
        return entries[keys.joined(separator: " ")] ?? entries[keys.joined()]
    }

    /// Whether the table lists `key` (as `key(_:)` makes it) as a word of its own, in any group.
    func lists(_ key: String) -> Bool {
        guard let found = classes[key] else { return false }
        return found.next != nil || found.previous != nil || found.previousAtClauseEnd != nil
    }

    /// A piece of text as `boundary` compares it: its key and what this table makes of it.
    func piece(_ text: String) -> PhrasePiece {
        // Most pieces are ASCII: their key, letters and case read from the bytes.
        var ascii = true
        var hasUpper = false
        var hasAlphanumeric = false
        for byte in text.utf8 {
            if byte >= 0x80 {
                ascii = false
                break
            }
            if (0x41...0x5A).contains(byte) { hasUpper = true }
            if (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) { hasAlphanumeric = true }
        }
        let key = !ascii || hasUpper ? Self.key(text) : text
        let found = classes[key]
        let first = text.unicodeScalars.first
        return PhrasePiece(
            key: key, isWord: ascii ? hasAlphanumeric : Self.isWord(key),
            startsUppercase: ascii ? first.map { (0x41...0x5A).contains($0.value) } ?? false : first?.properties.isUppercase ?? false,
            startsLowercase: ascii ? first.map { (0x61...0x7A).contains($0.value) } ?? false : first?.properties.isLowercase ?? false,
            next: found?.next, previous: found?.previous, previousAtClauseEnd: found?.previousAtClauseEnd,
            fragment: found?.fragment ?? [])
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
        return lower.unicodeScalars.contains("\u{2019}") ? String(lower.map { $0 == "\u{2019}" ? "'" : $0 }) : lower
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

/// A piece of text around a break (a word, or a run of punctuation), as a table compares it
/// (`PhraseTable.piece`).
struct PhrasePiece: Sendable {
    /// As `PhraseTable.key` makes it: lower case, a straight apostrophe.
    let key: String
    /// It has a letter or digit in it.
    let isWord: Bool
    /// Its first letter is a capital (a German noun), or a small letter.
    let startsUppercase: Bool
    let startsLowercase: Bool
    /// Its class as an entry of one piece of the table, by the way it binds.
    let next: PhraseTable.WordClass?
    let previous: PhraseTable.WordClass?
    let previousAtClauseEnd: PhraseTable.WordClass?
    /// What part of an entry of several pieces it may be.
    let fragment: Fragment

    /// Parts of an entry of several pieces.
    struct Fragment: OptionSet, Sendable {
        let rawValue: UInt8
        /// Any piece of one.
        static let inside = Fragment(rawValue: 1)
        /// Its first piece.
        static let starting = Fragment(rawValue: 2)
        /// Its last piece.
        static let ending = Fragment(rawValue: 4)
    }

    /// One of the table's words, whichever way it binds.
    var isClosedClass: Bool { next != nil || previous != nil || previousAtClauseEnd != nil }
}
