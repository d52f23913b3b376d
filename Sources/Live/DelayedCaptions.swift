import Captions

/// `--delay`: a live run's caption updates taken as they come and shown as of each frame's own
/// time, so that with the video held back as long the captions land on their words as in a
/// file render. Each word shows from its start on the stream (`LiveUpdate.wordTimes`, a
/// recognizer's first word of an utterance moved onto the voice by `refine`): committed words
/// in order, then the tentative words already spoken, as the source last heard them. A word
/// without a time is due when it came (the stream's live edge); one that comes after its start
/// (the source slower than the delay) shows at once. Used on the render thread only.
final class DelayedCaptions {
    /// The updates as they came, to learn which words they commit.
    private var transcript = LiveTranscript()
    /// Per utterance of `transcript`: when each committed word is due, and the tentative
    /// words' starts as last heard. // seconds
    private var committedDue: [[Double]] = []
    private var tentativeStarts: [[Double]] = []
    /// Per utterance: what was let out (committed words, tentative texts, final).
    private var shown: [Shown] = []
    /// The first utterance not yet let out whole.
    private var open = 0
    private var lastDue = -Double.infinity
    /// Measured word times moved onto the voice; nil: as they come.
    private let refine: (([Word]) -> [Word])?

    private struct Shown: Equatable {
        var committed = 0
        var tentative: [String] = []
        var isFinal = false
    }

    init(refine: (([Word]) -> [Word])? = nil) {
        self.refine = refine
    }

    /// Takes `update`, which came when the stream's live edge was at `edge` seconds.
    func take(_ update: LiveUpdate, edge: Double) {
        let change = transcript.apply(update)
        while committedDue.count < transcript.utterances.count {
            committedDue.append([])
            tentativeStarts.append([])
            shown.append(Shown())
        }
        var times = update.wordTimes.flatMap { $0.count == update.words.count ? $0 : nil }
        if let measured = times, !measured.contains(where: \.estimated), let refine { times = refine(measured) }
        func start(_ index: Int) -> Double { times.flatMap { index < $0.count ? $0[index].start : nil } ?? edge }
        for offset in change.committed.indices {
            lastDue = max(lastDue, start(change.committedFrom + offset))
            committedDue[change.utterance].append(lastDue)
        }
        let tentativeFrom = change.committedFrom + change.committed.count
        tentativeStarts[change.utterance] = change.tentative.indices.map { start(tentativeFrom + $0) }
    }

    /// Ends `speaker`'s open utterance where its committed words end (its source failed).
    func close(speaker: String?) {
        guard let change = transcript.close(speaker: speaker) else { return }
        tentativeStarts[change.utterance] = []
    }

    /// The updates that bring the display to stream time `time`, in order.
    func due(by time: Double) -> [LiveUpdate] {
        var updates: [LiveUpdate] = []
        var index = open
        var waiting: Set<String?> = []  // speakers with an utterance not yet let out whole
        while index < transcript.utterances.count {
            let utterance = transcript.utterances[index]
            defer { index += 1 }
            guard !waiting.contains(utterance.speaker) else { continue }
            let committed = committedDue[index].prefix { $0 <= time }.count
            let whole = committed == utterance.committed.count
            let spoken = whole ? zip(utterance.tentative, tentativeStarts[index]).prefix { $0.1 <= time }.map(\.0.text) : []
            let now = Shown(committed: committed, tentative: spoken, isFinal: whole && utterance.isFinal)
            if now != shown[index] {
                shown[index] = now
                let texts = utterance.committed.prefix(committed).map(\.text) + spoken
                updates.append(
                    LiveUpdate(
                        speaker: utterance.speaker, displayName: utterance.displayName, text: texts.joined(separator: " "),
                        isFinal: now.isFinal, committedCount: committed))
            }
            if !now.isFinal { waiting.insert(utterance.speaker) }
        }
        while open < shown.count && shown[open].isFinal { open += 1 }
        return updates
    }
}
