import Captions

/// A spoken word of the transcript as the cut plan sees it: its times, its comparison key,
/// and the sentence (segment) it was said in.
struct SpokenWord: Sendable, Equatable {
    var text: String
    var key: String
    var start: Double  // seconds
    var end: Double  // seconds
    /// Which segment of the transcript it belongs to.
    var segment: Int
    /// Where it stands among all the spoken words.
    var index: Int
    /// Where it stands among its segment's words (labels included).
    var position: Int
    /// How long the recognizer says it lasts, before `WordExtents` widens it. // seconds
    var said: Double { saidEnd - saidStart }
    var saidStart: Double
    var saidEnd: Double

    /// The comparison key of a word: lowercase letters and digits, an inner apostrophe kept.
    static func key(_ text: String) -> String {
        var key = ""
        for c in text.lowercased() where c.isLetter || c.isNumber || c == " " || (c == "'" || c == "’") {
            key.append(c == "’" ? "'" : c)
        }
        while key.hasPrefix("'") { key.removeFirst() }
        while key.hasSuffix("'") { key.removeLast() }
        return key
    }

    /// The transcript's spoken words in time order (speaker labels and empty keys left out).
    static func words(of transcript: Transcript) -> [SpokenWord] {
        var words: [SpokenWord] = []
        for (number, segment) in transcript.segments.enumerated() {
            for (position, word) in segment.words.enumerated() where !word.isLabel {
                let key = Self.key(word.text)
                guard !key.isEmpty, word.end >= word.start, word.start.isFinite, word.end.isFinite else { continue }
                words.append(
                    SpokenWord(
                        text: word.text, key: key, start: word.start, end: word.end, segment: number, index: 0,
                        position: position, saidStart: word.start, saidEnd: word.end))
            }
        }
        words.sort { $0.start < $1.start }
        for index in words.indices { words[index].index = index }
        return words
    }

    /// Whether the word ends a sentence (its text ends with a full stop, a question or an exclamation).
    var endsSentence: Bool { text.last.map { ".!?…。！？".contains($0) } == true }
}

/// Runs of words said as one sentence: split at segment boundaries, at sentence ends, and
/// where the run's first word is said again after a pause (a phrase taken again, which a
/// recognizer often writes into the same segment).
enum Utterances {
    static func split(_ words: [SpokenWord]) -> [[SpokenWord]] {
        var runs: [[SpokenWord]] = []
        var current: [SpokenWord] = []
        for word in words {
            if let last = current.last, last.segment != word.segment || last.endsSentence || restarts(current, at: word) {
                runs.append(current)
                current = []
            }
            current.append(word)
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    /// Whether `word`, after a quarter of a second's pause, is the first word of a run of two or more.
    private static func restarts(_ run: [SpokenWord], at word: SpokenWord) -> Bool {
        guard run.count >= 2, let last = run.last, word.start - last.end >= 0.25 else { return false }
        return word.key == run[0].key
    }
}
