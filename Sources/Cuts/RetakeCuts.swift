/// Retakes: a sentence said again, the last take kept. With the script the speaker read,
/// every utterance is matched to the sentence it takes (its words in the sentence's order,
/// beginning at its start); each sentence keeps its last complete take, and the earlier takes,
/// whole or left off, are cut. Without a script, an utterance is an earlier take of one that
/// begins within `CutSettings.retakeWithin` when the two are at least `retakeSimilarity`
/// alike, or when it is that one begun and left off; with a script, so are the utterances it
/// could not place (a recognizer's errors in both takes). An earlier take in other words is
/// flagged, never cut: which wording wins is the speaker's call.
enum RetakeCuts {
    struct Found {
        var removed: [RemovedSpeech] = []
        var flagged: [Cut] = []
        /// With a script: whether any utterance was matched to one of its sentences.
        var matchedScript = true
    }

    static func find(_ words: [SpokenWord], skipping removed: Set<Int>, script: [[String]]?, settings: CutSettings) -> Found {
        let utterances = Utterances.split(words.filter { !removed.contains($0.index) })
        guard let script else { return unscripted(utterances, words: words, settings: settings) }
        return scripted(utterances, script: script, words: words, settings: settings)
    }

    /// Takes matched to the script's sentences.
    private static func scripted(_ utterances: [[SpokenWord]], script: [[String]], words: [SpokenWord], settings: CutSettings)
        -> Found
    {
        var found = Found()
        var takes: [Int: [[SpokenWord]]] = [:]  // by sentence
        var assigned: [Int?] = []  // by utterance
        var last = -1
        for utterance in utterances {
            let sentence = sentence(of: utterance, in: script, after: last)
            assigned.append(sentence)
            guard let sentence else { continue }
            takes[sentence, default: []].append(utterance)
            last = sentence
        }
        found.matchedScript = !takes.isEmpty
        found.flagged += offScript(utterances, assigned: assigned, script: script, settings: settings)
        // What the script could not place (a recognizer's errors in both takes) is weighed by likeness.
        let unplaced = Set(utterances.indices.filter { assigned[$0] == nil }.flatMap { utterances[$0].map(\.index) })
        let alike = unscripted(utterances, words: words, settings: settings)
        let flaggedAt = Set(found.flagged.map(\.start))
        found.removed += alike.removed.filter { $0.words.allSatisfy(unplaced.contains) }
        found.flagged += alike.flagged.filter { flag in
            !flaggedAt.contains(flag.start) && words.contains { $0.start == flag.start && unplaced.contains($0.index) }
        }
        for (sentence, sayings) in takes where sayings.count > 1 {
            let keys = script[sentence]
            let complete = sayings.lastIndex { Double(CommonWords.count($0.map(\.key), keys)) >= 0.8 * Double(keys.count) }
            let keeper = complete ?? sayings.count - 1
            let kept = sayings[keeper].map(\.key)
            for take in sayings[..<keeper] where sayings[keeper][0].start - take[0].start <= 2 * settings.retakeWithin {
                let taken = take.map(\.key)
                // Like the script, or like the take kept (a recognizer's errors alike in both).
                if CommonWords.isBeginning(taken, of: keys) || CommonWords.similarity(taken, keys) >= settings.retakeSimilarity
                    || CommonWords.isBeginning(taken, of: kept) || CommonWords.similarity(taken, kept) >= settings.retakeSimilarity
                {
                    found.removed.append(RemovedSpeech(take.map(\.index), of: words, reason: .retake, sentence: sentence + 1))
                } else {
                    found.flagged.append(flag(take, sentence: sentence + 1, next: after(take, in: utterances)))
                }
            }
        }
        return found
    }

    /// The script sentence `utterance` is a take of: the one sharing the most of its words in
    /// order (at least half of them, and one of its first two words among the sentence's first three),
    /// nearest after the last one matched on a tie; sought near `after` first.
    private static func sentence(of utterance: [SpokenWord], in script: [[String]], after: Int) -> Int? {
        let keys = utterance.map(\.key)
        func best(in range: Range<Int>) -> Int? {
            var chosen: (sentence: Int, shared: Int)?
            for index in range {
                let sentence = script[index]
                guard !Set(keys.prefix(2)).isDisjoint(with: sentence.prefix(3)) else { continue }
                let shared = CommonWords.count(keys, sentence)
                guard shared >= min(2, keys.count), 2 * shared >= keys.count else { continue }
                let nearer = chosen.map { abs($0.sentence - after - 1) > abs(index - after - 1) } ?? true
                if chosen == nil || shared > chosen!.shared || (shared == chosen!.shared && nearer) { chosen = (index, shared) }
            }
            return chosen?.sentence
        }
        let near = max(0, after - 5)..<min(script.count, after + 16)
        return best(in: near) ?? best(in: 0..<script.count)
    }

    /// Takes found by likeness alone.
    private static func unscripted(_ utterances: [[SpokenWord]], words: [SpokenWord], settings: CutSettings) -> Found {
        var found = Found()
        for (i, take) in utterances.enumerated() where take.count >= 2 {
            let keys = take.map(\.key)
            for (k, later) in utterances.enumerated().dropFirst(i + 1) {
                guard later[0].start - take[0].start <= settings.retakeWithin else { break }
                let other = later.map(\.key)
                let similarity = CommonWords.similarity(keys, other)
                if similarity >= settings.retakeSimilarity || CommonWords.isBeginning(keys, of: other) {
                    found.removed.append(RemovedSpeech(take.map(\.index), of: words, reason: .retake, sentence: k + 1))
                    break
                }
                if keys.prefix(2) == other.prefix(2), similarity >= 0.4 {
                    found.flagged.append(flag(take, sentence: k + 1, next: utterances[i + 1][0].start))
                    break
                }
            }
        }
        return found
    }

    /// With a script, an utterance the script does not hold, said just before a take of one of
    /// its sentences that shares one of its words (of four letters or more), is most likely an
    /// earlier take in other words ("This takes an hour." before "Cutting it by hand takes a
    /// long time."): flagged, for a person to decide.
    private static func offScript(_ utterances: [[SpokenWord]], assigned: [Int?], script: [[String]], settings: CutSettings) -> [Cut] {
        var flagged: [Cut] = []
        for (i, take) in utterances.enumerated() where assigned[i] == nil && take.count >= 2 {
            guard let k = assigned.indices.dropFirst(i + 1).first(where: { assigned[$0] != nil }),
                utterances[k][0].start - take[0].start <= settings.retakeWithin, let sentence = assigned[k]
            else { continue }
            let shared = Set(take.map(\.key).filter { $0.count >= 4 }).intersection(script[sentence])
            if !shared.isEmpty { flagged.append(flag(take, sentence: sentence + 1, next: utterances[i + 1][0].start)) }
        }
        return flagged
    }

    /// Where the utterance after `take` begins (nil for the last).
    private static func after(_ take: [SpokenWord], in utterances: [[SpokenWord]]) -> Double? {
        utterances.first { $0[0].start > take.last!.end }?[0].start
    }

    /// A flagged take: from its first word to where the next utterance begins (what cutting it
    /// would take out), else to its last word's end.
    private static func flag(_ take: [SpokenWord], sentence: Int, next: Double?) -> Cut {
        Cut(
            start: take[0].start, end: next ?? take.last!.end, reason: .retake, isCut: false, flag: .reworded, sentence: sentence,
            text: take.map(\.text).joined(separator: " "))
    }
}
