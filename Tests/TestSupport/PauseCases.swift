import Foundation

/// `Tests/Cases/pauses.json`: texts spoken phrase after phrase with known pauses, each word
/// given its time by the file's rules.
public struct PauseCases: Sendable, Decodable {
    /// One phrase and the silence after it (seconds).
    public struct Phrase: Sendable, Decodable {
        public var text: String
        public var pauseAfter: Double
    }

    /// A text of phrases in one language.
    public struct Text: Sendable, Decodable {
        public var language: String
        public var phrases: [Phrase]
    }

    /// A word as spoken: its text, start and end (seconds), and its phrase's index in the text.
    public struct TimedWord: Sendable {
        public var text: String
        public var start: Double
        public var end: Double
        public var phrase: Int

        public init(text: String, start: Double, end: Double, phrase: Int) {
            (self.text, self.start, self.end, self.phrase) = (text, start, end, phrase)
        }
    }

    public var lead: Double
    public var wordBase: Double
    public var wordPerLetter: Double
    public var wordGap: Double
    public var texts: [Text]

    /// The file, read.
    public static func load() throws -> PauseCases { try Repository.cases(PauseCases.self, "pauses.json") }

    /// The words of `text` with their times, from `lead` on.
    public func words(of text: Text) -> [TimedWord] {
        var time = lead
        var words: [TimedWord] = []
        for (index, phrase) in text.phrases.enumerated() {
            for (w, word) in phrase.text.split(separator: " ").enumerated() {
                if w > 0 { time += wordGap }
                let end = time + wordBase + wordPerLetter * Double(word.filter(\.isLetter).count)
                words.append(TimedWord(text: String(word), start: time, end: end, phrase: index))
                time = end
            }
            time += phrase.pauseAfter
        }
        return words
    }
}
