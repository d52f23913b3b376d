import Foundation

/// What a recognizer writes for sounds that are not speech, found and taken out: a sound tag
/// (`[Music]`, `(laughs)`, `*applause*`, a word of music notes `♪`) is never a spoken word and
/// goes wherever it stands; a segment of laughter alone (`Ha, ha, ha`, `hahaha`, `lol`,
/// `jajaja`, `mdr`, `www`, `哈哈`, `ㅋㅋㅋ`) holds no words and goes whole. Laughter inside a
/// sentence stays: it was said with the words. With `tags` (`--sound-tags`), a segment of
/// laughter or a sound alone stays as an SDH tag instead (`[laughter]`, `[music]`).
public struct SoundWords: Sendable {
    /// Laughter or a sound alone is kept as a tag over its time, not taken out.
    public var tags: Bool

    public init(tags: Bool = false) { self.tags = tags }

    /// `segments` without sound tags and without the segments of laughter or tags alone (with
    /// `tags`: those as one tag each), and each segment taken out with why.
    public func filtered(_ segments: [RecognizedSegment]) -> (segments: [RecognizedSegment], dropped: [DroppedSegment]) {
        var kept: [RecognizedSegment] = []
        var dropped: [DroppedSegment] = []
        for segment in segments {
            let spoken = untagged(segment)
            let text = spoken.words.isEmpty ? spoken.text : spoken.words.map(\.word).joined()
            let reason: String?
            if text.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters)).isEmpty {
                reason = "a sound, not words"
            } else if isLaughter(spoken) {
                reason = "laughter, not words"
            } else {
                reason = nil
            }
            if let reason, tags {
                kept.append(tagged(segment, laughter: reason.hasPrefix("laughter")))
            } else if let reason {
                dropped.append(
                    DroppedSegment(
                        start: segment.start, end: segment.end, text: segment.text.trimmingCharacters(in: .whitespacesAndNewlines),
                        reason: reason))
            } else {
                kept.append(spoken)
            }
        }
        return (kept, dropped)
    }

    /// `segment` as one SDH tag over its time: `[laughter]`, else the name in its first tag
    /// (`[Music]`, `(applause)`, `(laughs)` as `[laughter]`), `[music]` for music notes.
    func tagged(_ segment: RecognizedSegment, laughter: Bool) -> RecognizedSegment {
        var name = laughter ? "laughter" : "sound"
        if !laughter, let open = segment.text.firstIndex(where: { Self.tagEnds[$0] != nil }) {
            let close = Self.tagEnds[segment.text[open]]!
            let inner = segment.text[segment.text.index(after: open)...].prefix { $0 != close }
            let said = inner.trimmingCharacters(in: .whitespaces).lowercased()
            name = said.contains("laugh") ? "laughter" : said.contains("applau") ? "applause" : said.contains("music") ? "music" : said
        } else if !laughter, segment.text.unicodeScalars.contains(where: Self.notes.contains) {
            name = "music"
        }
        let tag = "[\(name.isEmpty ? "sound" : name)]"
        var tagged = segment
        tagged.text = " " + tag
        tagged.words = segment.words.isEmpty ? [] : [
            RecognizedWord(word: " " + tag, start: segment.words.first!.start, end: segment.words.map(\.end).max()!, probability: nil)
        ]
        return tagged
    }

    /// `segment` without its sound tags: words in brackets, parentheses or asterisks (a tag
    /// may run over several words: `(audience laughing)`) and words of music notes.
    func untagged(_ segment: RecognizedSegment) -> RecognizedSegment {
        var segment = segment
        segment.text = Self.removingTags(segment.text)
        var words: [RecognizedWord] = []
        var closing: Character?  // inside a tag: the character that ends it
        for word in segment.words {
            let text = word.word.trimmingCharacters(in: .whitespacesAndNewlines)
            if let end = closing {
                if text.contains(end) { closing = nil }
                continue
            }
            if let first = text.first, let end = Self.tagEnds[first] {
                if !text.dropFirst().contains(end) { closing = end }
                continue
            }
            // Music notes, perhaps with punctuation; punctuation alone (a `%` the engine wrote
            // apart) is the words'.
            if text.unicodeScalars.contains(where: Self.notes.contains),
                text.unicodeScalars.allSatisfy({ Self.notes.contains($0) || CharacterSet.punctuationCharacters.contains($0) })
            {
                continue
            }
            words.append(word)
        }
        if !segment.words.isEmpty { segment.words = words }
        return segment
    }

    /// Whether every word of `segment` is laughter, two laughs or more in all.
    func isLaughter(_ segment: RecognizedSegment) -> Bool {
        let words = segment.words.isEmpty ? segment.text.split(whereSeparator: \.isWhitespace).map(String.init) : segment.words.map(\.word)
        var laughs = 0
        for word in words {
            let letters = word.lowercased().filter { $0.isLetter || $0.isNumber }
            guard !letters.isEmpty else { continue }
            guard let count = Self.laughs(in: letters) else { return false }
            laughs += count
        }
        return laughs >= 2
    }

    /// How many laughs `word` (lowercased, letters only) is: `ha` 1, `haha` 2, `lol` 2; nil
    /// when it is not laughter.
    static func laughs(in word: String) -> Int? {
        if closedLaughter.contains(word) { return 2 }
        let characters = Array(word)
        for (laugh, least) in repeatedLaughter where characters.allSatisfy(laugh.contains) {
            return characters.count >= least ? characters.count : nil
        }
        // Syllables: ha, he, hi, ho (one or more: haha, hehe, with an end h: hahah, a start a:
        // ahaha), or ja, je (two or more: ja alone is German's yes).
        var rest = characters[...]
        if rest.first == "a", rest.count > 2 { rest = rest.dropFirst() }
        guard let consonant = rest.first, consonant == "h" || consonant == "j" else { return nil }
        var syllables = 0
        while rest.count >= 2, rest.first == consonant, "aeiou".contains(rest[rest.startIndex + 1]) {
            syllables += 1
            rest = rest.dropFirst(2)
        }
        if rest == [consonant] { rest = [] }
        guard rest.isEmpty, syllables >= (consonant == "h" ? 1 : 2) else { return nil }
        return syllables
    }

    /// Laughter written as a word of its own, in the languages Whisper writes it in.
    static let closedLaughter: Set<String> = ["lol", "lmao", "lmfao", "rofl", "mdr", "xd"]

    /// Laughter made of one character said over and over: its characters, and how many make
    /// a laugh (kkkk in Portuguese, www in Japanese, 555 in Thai, 哈哈, ㅋㅋ).
    static let repeatedLaughter: [(Set<Character>, Int)] = [
        (["k"], 3), (["w"], 3), (["5"], 3), (["哈", "呵", "嘿", "嘻"], 1), (["ㅋ", "ㅎ"], 2),
    ]

    /// The characters that open a sound tag, and the one that closes each.
    static let tagEnds: [Character: Character] = ["[": "]", "(": ")", "*": "*", "（": "）", "【": "】"]

    /// Music notes and the emoji recognizers write for music.
    static let notes = CharacterSet(charactersIn: "♩♪♫♬🎵🎶🎼")

    /// `text` without sound tags (a bracketed, parenthesized or starred part, music notes).
    static func removingTags(_ text: String) -> String {
        var result = ""
        var closing: Character?
        for character in text {
            if let end = closing {
                if character == end { closing = nil }
            } else if let end = tagEnds[character] {
                closing = end
            } else if !character.unicodeScalars.allSatisfy(notes.contains) {
                result.append(character)
            }
        }
        return result
    }
}
