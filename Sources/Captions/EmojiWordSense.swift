/// Whether a word, in its sentence, names what an emoji shows: a noun or an adjective, not a
/// verb, an adverb, a particle or a name (`--emoji auto`). The word's language's phrase table
/// gives the closed classes (articles, pronouns, auxiliaries ...), its `EmojiSenses` the clues
/// of its place in the sentence, the words never decorated and the words whose emoji depends
/// on their sense. A creator's own entries are not judged.
struct EmojiWordSense: Sendable, Equatable {
    var senses: EmojiSenses?
    var table: PhraseTable?

    /// A word of a sentence as the judge reads it.
    struct SentenceWord: Sendable, Equatable {
        /// `TimedToken.key`: lower case, no punctuation.
        var key: String
        /// As written, without the punctuation around it.
        var text: String
        /// Its class in the phrase table, whichever way it binds.
        var wordClass: PhraseTable.WordClass?
        var startsUppercase: Bool
    }

    /// The words of one sentence, and whether it is written in capitals alone (then a
    /// capital tells no name).
    struct Sentence: Sendable {
        var words: [SentenceWord]
        var isCapitals: Bool

        init(_ words: [SentenceWord]) {
            self.words = words
            isCapitals = !words.contains { $0.text.contains(where: \.isLowercase) }
        }

        /// Every key of the sentence, for a sense's `with` and `without`.
        var keys: Set<String> { Set(words.map(\.key)) }
    }

    /// A word of `text` (a token's, without its punctuation), as the judge reads it.
    func word(_ text: String) -> SentenceWord {
        let piece = table?.piece(text)
        return SentenceWord(
            key: TimedToken.key(text), text: text, wordClass: piece?.next ?? piece?.previous ?? piece?.previousAtClauseEnd,
            startsUppercase: text.first(where: \.isLetter)?.isUppercase ?? false)
    }

    /// The forms of `keys` to look up, the words as written first: with the endings of the
    /// language taken off the last word, then off the first (`dogs`, `pantalones cortos`).
    func forms(of keys: [String]) -> [[String]] {
        guard let senses, let last = keys.last, let first = keys.first else { return [keys] }
        var forms = [keys]
        for lemma in senses.lemmas(of: last).dropFirst() { forms.append(keys.dropLast() + [lemma]) }
        if keys.count > 1 {
            for lemma in senses.lemmas(of: first).dropFirst() { forms.append([lemma] + keys.dropFirst()) }
        }
        return forms
    }

    /// The sense of word `form` (one key) that the sentence shows at `span`; nil when the
    /// word has no senses. `.some(nil)`: it has senses, and the sentence shows none of them.
    func sense(of form: [String], at span: Range<Int>, in sentence: Sentence) -> EmojiSenses.Sense?? {
        guard form.count == 1, let listed = senses?.senses(of: form[0]), !listed.isEmpty else { return nil }
        return .some(listed.first { holds($0, at: span, in: sentence) && fits(span, in: sentence, form: form, isName: true, sensed: true) })
    }

    /// Whether the sentence gives the clues `sense` needs at `span`.
    private func holds(_ sense: EmojiSenses.Sense, at span: Range<Int>, in sentence: Sentence) -> Bool {
        let word = sentence.words[span.lowerBound]
        let before = span.lowerBound > 0 ? sentence.words[span.lowerBound - 1] : nil
        if sense.lowerCase == true, word.startsUppercase, !sentence.isCapitals { return false }
        let keys = sentence.keys
        if let with = sense.with, !with.contains(where: keys.contains) { return false }
        if let without = sense.without, without.contains(where: keys.contains) { return false }
        if let after = sense.after, !after.contains(where: { $0 == before?.key }) { return false }
        if sense.noun == true, !opensNoun(before) { return false }
        return true
    }

    /// Whether the words `span` of `sentence`, found as `form` (an entry's keys), name what
    /// their emoji shows: no closed-class word alone, no word the language never decorates
    /// (unless `sensed`), no name written with a capital inside its sentence, and no verb or
    /// adverb by the clues of the word's place. `isName`: the entry is the emoji's CLDR name,
    /// which no ending makes an adverb or a verb.
    func fits(_ span: Range<Int>, in sentence: Sentence, form: [String], isName: Bool, sensed: Bool = false) -> Bool {
        let words = sentence.words
        let first = words[span.lowerBound]
        if span.count == 1, first.wordClass != nil { return false }
        // A capital inside a sentence is a name's, unless every noun takes one (German).
        if !sentence.isCapitals, !(table?.nounsCapitalized ?? false), span.lowerBound > 0, first.startsUppercase { return false }
        guard let senses else { return true }
        // The noun of a phrase: last where adjectives go before it (`birthday cake`), else first.
        let head = (table?.adjectivesBeforeNouns ?? true ? form.last : form.first) ?? ""
        if !sensed, senses.neverKeys.contains(form.joined(separator: " ")) || senses.lemmas(of: head).contains(where: senses.neverKeys.contains) {
            return false
        }
        let clues = senses.partsOfSpeech
        if span.lowerBound > 0 {
            let before = words[span.lowerBound - 1]
            if matches(before, clues.verbAfter) { return false }
            // A verb after an auxiliary of two words (`voy a`, `tengo que`).
            if span.lowerBound > 1, let pair = table?.piece(words[span.lowerBound - 2].text + " " + before.text),
                let pairClass = pair.next, clues.verbAfter.classes.contains(pairClass)
            {
                return false
            }
        } else if span.upperBound < words.count, matches(words[span.upperBound], clues.imperativeBefore) {
            return false
        }
        if !isName, clues.adverbEndings.contains(where: { head.hasSuffix($0) && head.count > $0.count + 2 }) { return false }
        if !isName, (clues.verbEndings ?? []).contains(where: { head.hasSuffix($0) && head.count > $0.count + 2 }) { return false }
        return true
    }

    /// Whether `word` is one of `clues`: a word of their classes or of their own.
    private func matches(_ word: SentenceWord, _ clues: EmojiSenses.Clues) -> Bool {
        if let wordClass = word.wordClass, clues.classes.contains(wordClass) { return true }
        return clues.words.contains(word.key)
    }

    /// Whether the word before a word makes it the head of a noun phrase (`the`, `my`, `two`).
    private func opensNoun(_ before: SentenceWord?) -> Bool {
        guard let before, let senses else { return false }
        return matches(before, senses.partsOfSpeech.nounAfter)
    }
}
