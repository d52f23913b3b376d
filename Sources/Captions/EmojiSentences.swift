/// The words of a run of captions as sentences, for `EmojiKeywords` to match in and
/// `EmojiWordSense` to judge by: a sentence runs across captions to its full stop, `?` or
/// `!`, so a caption of three words (`PRESS PLAY`) is judged in the sentence it is part of.
struct EmojiSentences {
    /// Where a word's token is: its caption, its word there, its sentence and its place in it.
    struct Place {
        var caption: Int
        var word: Int
        var sentence: Int
        var position: Int
    }

    /// Every token with a key, in order.
    private(set) var places: [Place] = []
    private(set) var sentences: [EmojiWordSense.Sentence] = []
    /// Each caption's tokens: a range of `places`.
    private(set) var captions: [Range<Int>] = []

    /// The sentences of `captions`, their words read by `sense`.
    init(_ captions: [Caption], reading sense: EmojiWordSense) {
        var current: [EmojiWordSense.SentenceWord] = []
        for (index, caption) in captions.enumerated() {
            let from = places.count
            for (word, shown) in caption.words.enumerated() {
                for token in Tokenizer.tokens(shown.text) {
                    let ends = token.endsSentence
                    if !TimedToken.key(token.text).isEmpty {
                        current.append(sense.word(token.text))
                        places.append(Place(caption: index, word: word, sentence: sentences.count, position: current.count - 1))
                    }
                    if ends && !current.isEmpty {
                        sentences.append(EmojiWordSense.Sentence(current))
                        current = []
                    }
                }
            }
            self.captions.append(from..<places.count)
        }
        if !current.isEmpty { sentences.append(EmojiWordSense.Sentence(current)) }
    }
}
