/// Immediate restarts: the first one to four words of a phrase said again at once ("so we,
/// so we start"). The second saying is kept. A word the language doubles on purpose ("very
/// very") is not a restart, nor is a whole sentence said again (a retake). And phrases left
/// off at a sentence's end and started again as the next one (`leftOff`).
enum RestartCuts {
    /// A phrase left off is at least this many words: fewer ("the store. The store was
    /// closed.") is how sentences link. // words
    static let leftOffWords = 3
    /// ... and at most this many (a whole sentence said again). // words
    static let leftOffLongest = 15

    static func find(_ words: [SpokenWord], skipping removed: Set<Int>, settings: CutSettings, lists: FillerWords.Language)
        -> [RemovedSpeech]
    {
        let kept = words.filter { !removed.contains($0.index) }
        var found: [RemovedSpeech] = []
        var i = 0
        search: while i < kept.count {
            for length in stride(from: 4, through: 1, by: -1) where i + 2 * length <= kept.count {
                let first = kept[i..<(i + length)]
                let second = kept[(i + length)..<(i + 2 * length)]
                guard first.map(\.key) == second.map(\.key),
                    second.first!.start - first.last!.end <= settings.restartWithin,
                    // A whole sentence said again is a retake, which the retake rules weigh.
                    !first.last!.endsSentence,
                    !(length == 1 && lists.doubled.contains(first.first!.key))
                else { continue }
                found.append(RemovedSpeech(first.map(\.index), of: words, reason: .restart))
                i += length
                continue search
            }
            i += 1
        }
        let taken = Set(found.flatMap(\.words))
        return found + leftOff(kept.filter { !taken.contains($0.index) }, words: words, settings: settings)
    }

    /// Phrases begun, left off and started again, which a recognizer writes as the end of the
    /// sentence before ("... add the salt and fold it over. And fold it over itself a few
    /// times"; "We stop for lunch on the flat. Lunch on the flat rocks by the shore."; a whole
    /// sentence said again, the first time run on from the one before): the last 3 to 15
    /// words of a sentence are the first words of the next (of four or more, one may be
    /// misheard: "and hold it over" for "and fold it over"), within `retakeWithin`. The
    /// sentence's words before them stay.
    private static func leftOff(_ kept: [SpokenWord], words: [SpokenWord], settings: CutSettings) -> [RemovedSpeech] {
        var found: [RemovedSpeech] = []
        for end in kept.indices.dropLast() where kept[end].endsSentence || kept[end].segment != kept[end + 1].segment {
            let next = end + 1
            for length in stride(from: leftOffLongest, through: leftOffWords, by: -1) {
                let start = end - length + 1
                guard start > 0, next + length <= kept.count else { continue }
                let phrase = kept[start...end]
                let again = kept[next..<(next + length)]
                // The phrase ends a sentence it does not begin.
                guard isSaidAgain(phrase.map(\.key), as: again.map(\.key)), !kept[start - 1].endsSentence,
                    kept[start - 1].segment == kept[start].segment,
                    again.first!.start - phrase.last!.end <= settings.retakeWithin
                else { continue }
                found.append(RemovedSpeech(phrase.map(\.index), of: words, reason: .restart))
                break
            }
        }
        return found
    }

    /// Whether `phrase` is `again` said earlier: the same words, or (four or more) the same
    /// first and last words with one other misheard.
    private static func isSaidAgain(_ phrase: [String], as again: [String]) -> Bool {
        if phrase == again { return true }
        return phrase.count >= 4 && phrase.first == again.first && phrase.last == again.last
            && CommonWords.count(phrase, again) >= phrase.count - 1
    }
}
