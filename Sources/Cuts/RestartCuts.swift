/// Immediate restarts: the first one to four words of a phrase said again at once ("so we,
/// so we start"). The second saying is kept. A word the language doubles on purpose ("very
/// very") is not a restart, nor is a whole sentence said again (a retake).
enum RestartCuts {
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
        return found
    }
}
