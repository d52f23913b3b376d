import Captions
import Imaging
import Layout
import Media
import Raster

/// What a live stream shows at one instant: rows of committed words (oldest first) and the
/// tentative words after the last row, with where each word starts. For `--live-stats`.
public struct LiveDisplay: Sendable, Equatable {
    public struct ShownWord: Sendable, Equatable {
        public var id: Int
        public var text: String
        /// The left edge of the word's cell. // pixels
        public var x: Int
    }
    public struct Row: Sendable, Equatable {
        public var id: Int
        public var speaker: String?
        /// The speaker's name the row starts with (`--speaker-labels`), nil for none.
        public var label: String?
        public var words: [ShownWord]
        /// The row's top. // pixels
        public var y: Int
    }
    public var rows: [Row]
    public var tentative: [ShownWord]
}

/// How live rows make room for new words.
public enum LiveDisplayMode: String, Sendable, CaseIterable {
    /// The rows move up one row's height and the top row leaves (`--live-mode roll-up`).
    case rollUp = "roll-up"
    /// The rows fill from the top down and stay put; a full page, or a phrase's end on a page
    /// shown at least `LiveOverlays.leastPageSeconds`, clears them for a new page (`pages`).
    case pages
}

/// Live captions drawn as roll-up rows (or pages, `LiveDisplayMode`): committed words are
/// appended to the bottom row and never change or move but with their whole row; when a word
/// does not fit, or another speaker speaks, the rows roll up one pitch and the top row leaves.
/// The tentative words follow the bottom row in a faded paint, where they will stand once
/// committed, as far as they fit (a tentative word never rolls the rows). Rows leave after
/// `clearSeconds` without a new word. Each row is painted by a `CaptionPainter` as file
/// captions are (the look's word states on committed words, timed by when they were committed);
/// rows left behind show every word as spoken. Used on the render thread only.
public final class LiveOverlays {
    private let style: LiveStyle
    private let mode: LiveDisplayMode
    /// Rows start with their speaker's name when it changes (`--speaker-labels`).
    private let labels: Bool
    /// The speaker of the last row that showed a word.
    private var previousSpeaker: String?
    private var transcript = LiveTranscript()
    /// When the page on screen showed its first word (`.pages`). // seconds
    private var pageShown: Double?
    /// The last committed word ended a phrase (a final, or a sentence's end).
    private var phraseEnded = false
    private var rows: [Row] = []  // oldest first; the last is the bottom row
    private var tail: Tail?
    private var nextRowID = 0
    private var lastWord = -Double.infinity  // when a word was last committed or shown tentatively // seconds
    private var colors: [String: RGBAColor] = [:]  // by speaker, in order of first appearance
    private var current: (key: [Shown], overlay: FrameOverlay?)?
    private var sets = 0
    /// The display changed since the last overlay: rows or the tail were laid out again.
    private var revision = 0
    /// Hears each new display (`--live-stats`), with the time of the frame it is first on.
    public var displayed: ((LiveDisplay, Double) -> Void)?
    /// Hears each word as it is committed (its text as shown, the speaker's name), with the
    /// time of the frame it is committed on (`--cea608`).
    public var committed: ((String, String?, Double) -> Void)?
    /// Hears that the rows left the screen after a silence, with the frame's time.
    public var cleared: ((Double) -> Void)?

    /// Rows leave after this long without a new word. // seconds
    public static let clearSeconds = 6.0
    /// A committed word's highlight lasts this long, unless the next word comes sooner. // seconds
    static let wordSeconds = 0.4
    /// A page ends at a phrase's end only after this long on screen. // seconds
    public static let leastPageSeconds = 1.0

    private struct Row {
        let id: Int
        let speaker: String?
        var words: [Word]
        var ids: [Int]
        var slot: Int  // 0: the bottom row
        var layout: LaidOutCaption?
        var painter: CaptionPainter?
        var revision: Int
        /// When the row stopped being the bottom row: from then on all its words show as spoken.
        var handedOver: Double?
    }

    private struct Tail {
        var words: [LiveWord]
        var layout: LaidOutCaption?
        var painter: CaptionPainter?
        var shown: Int  // how many of `words` fit
    }

    private struct Shown: Equatable {
        var row: Int
        var revision: Int
        var state: WordState?
    }

    public init(style: LiveStyle, mode: LiveDisplayMode = .rollUp, labels: Bool = false) {
        self.style = style
        self.mode = mode
        self.labels = labels
    }

    /// Erased tentative words per committed word so far (`LiveTranscript.erasureRate`).
    public var erasureRate: Double { transcript.erasureRate }
    /// Words committed so far.
    public var committedWords: Int { transcript.committedWords }
    /// Committed words later items contradicted (they stay as shown).
    public var contradictions: Int { transcript.contradictions }

    /// Applies one caption item that arrived by the frame at `time` seconds.
    public func apply(_ update: LiveUpdate, at time: Double) throws {
        let change = transcript.apply(update)
        let speaker = transcript.utterances[change.utterance].speaker
        let name = transcript.utterances[change.utterance].displayName ?? speaker
        guard !change.committed.isEmpty || !change.tentative.isEmpty || tail != nil else { return }
        if !change.committed.isEmpty || !change.tentative.isEmpty {
            if rows.last.map({ $0.speaker != name }) ?? true { try newRow(speaker: name, at: time) }
            lastWord = time
        }
        for word in change.committed {
            try append(word, at: time)
            committed?(word.text, name, time)
            phraseEnded = word.text.last.map { ".?!…。？！".contains($0) } ?? false
        }
        if update.isFinal && !change.committed.isEmpty { phraseEnded = true }
        // The tail belongs to the bottom row's speaker.
        if rows.last?.speaker == name { try setTail(change.tentative) }
        revision += 1
    }

    /// Ends `speaker`'s open utterance where its committed words end (its source failed): the
    /// tentative words go.
    public func close(speaker: String?) {
        guard let change = transcript.close(speaker: speaker) else { return }
        let name = transcript.utterances[change.utterance].displayName ?? speaker
        if rows.last?.speaker == name { tail = nil }
        revision += 1
    }

    /// Opens a new row for `speaker`: the rows above move up one pitch and the top one leaves
    /// (roll-up), or the next row of the page (a new page when it is full). With labels, a row
    /// whose speaker differs from the row before starts with the speaker's name.
    private func newRow(speaker: String?, at time: Double) throws {
        if let speaker, colors[speaker] == nil, let palette = style.palette {
            colors[speaker] = palette.colors[colors.count % palette.colors.count]
        }
        tail = nil
        rows.removeAll { $0.ids.isEmpty }
        let slot: Int
        switch mode {
        case .rollUp:
            if rows.count >= style.rows { rows.removeFirst(rows.count - style.rows + 1) }
            for index in rows.indices {
                rows[index].slot += 1
                rows[index].layout = rows[index].layout?.moved(by: -style.pitch)
                rows[index].painter = nil
                rows[index].revision += 1
                rows[index].handedOver = rows[index].handedOver ?? time
            }
            slot = 0
        case .pages:
            if rows.count >= style.rows { turnPage() }
            for index in rows.indices where rows[index].handedOver == nil {
                rows[index].handedOver = time
                rows[index].painter = nil
                rows[index].revision += 1
            }
            slot = style.rows - 1 - rows.count
        }
        var words: [Word] = []
        if labels, let speaker, !speaker.isEmpty, speaker != previousSpeaker {
            words = [Word(text: SpeakerLabels.label(speaker, language: style.language), start: time, end: time, estimated: true, isLabel: true)]
        }
        // A label shows at once, with the tentative words after it.
        let layout = words.isEmpty ? nil : try style.row(words, slot: slot, speaker: speaker)
        rows.append(Row(id: nextRowID, speaker: speaker, words: words, ids: [], slot: slot, layout: layout, revision: 0))
        nextRowID += 1
    }

    /// Clears the page: the next row starts at the top.
    private func turnPage() {
        rows = []
        tail = nil
        pageShown = nil
    }

    /// Appends a committed word to the bottom row, rolling first when it does not fit.
    private func append(_ word: LiveWord, at time: Double) throws {
        if mode == .pages, phraseEnded, let shown = pageShown, time - shown >= Self.leastPageSeconds {
            let speaker = rows.last?.speaker
            turnPage()
            try newRow(speaker: speaker, at: time)
        }
        phraseEnded = false
        pageShown = pageShown ?? time
        var bottom = rows.count - 1
        let timed = Word(text: word.text, start: time, end: time + Self.wordSeconds)
        if let previous = rows[bottom].words.indices.last { rows[bottom].words[previous].end = min(rows[bottom].words[previous].end, time) }
        var words = rows[bottom].words + [timed]
        var layout = try style.row(words, slot: rows[bottom].slot, speaker: rows[bottom].speaker)
        if !rows[bottom].ids.isEmpty && layout.frame.width > style.lineWidth {
            try newRow(speaker: rows[bottom].speaker, at: time)
            pageShown = pageShown ?? time
            bottom = rows.count - 1
            words = [timed]
            layout = try style.row(words, slot: rows[bottom].slot, speaker: rows[bottom].speaker)
        }
        rows[bottom].words = words
        rows[bottom].ids.append(word.id)
        previousSpeaker = rows[bottom].speaker
        rows[bottom].layout = layout
        rows[bottom].painter = nil
        rows[bottom].revision += 1
    }

    /// Shows `words` (the bottom row's speaker's tentative words) after the bottom row, as many
    /// as fit: each where it will stand once committed.
    private func setTail(_ words: [LiveWord]) throws {
        guard let bottom = rows.last, !words.isEmpty else {
            tail = nil
            return
        }
        var shown = words.count
        while shown > 0 {
            let all = bottom.words + words.prefix(shown).map { Word(text: $0.text, start: 0, end: 0) }
            let together = try style.row(all, slot: bottom.slot, speaker: bottom.speaker)
            if together.frame.width <= style.lineWidth || bottom.ids.isEmpty && shown == 1 {
                // Where the first tentative word stands in the row they would make.
                guard let first = together.words.first(where: { $0.index == bottom.words.count }) else { break }
                let part = Array(words.prefix(shown)).map { Word(text: $0.text, start: 0, end: 0) }
                let alone = try style.row(part, slot: bottom.slot, speaker: bottom.speaker)
                let startX = together.cell(of: first).x
                let offset = alone.words.first.map { alone.cell(of: $0).x } ?? alone.frame.x
                tail = Tail(words: words, layout: alone.moved(byX: (startX - offset).rounded(), y: 0), painter: nil, shown: shown)
                return
            }
            shown -= 1
        }
        tail = Tail(words: words, layout: nil, painter: nil, shown: 0)
    }

    /// The overlay for the frame at `time` seconds: the rows and the tail, drawn again only when
    /// they or a row's word state changed. Nil when nothing shows.
    public func overlay(at time: Double) throws -> FrameOverlay? {
        if time - lastWord > Self.clearSeconds, !rows.isEmpty || tail != nil {
            rows = []
            tail = nil
            pageShown = nil
            revision += 1
            cleared?(time)
        }
        for index in rows.indices where rows[index].painter == nil {
            guard let layout = rows[index].layout else { continue }
            var planned = PlannedCaption(
                caption: Caption(
                    text: layout.lines.map(\.text).joined(separator: " "), start: rows[index].words.first?.start ?? time,
                    end: .greatestFiniteMagnitude, speaker: rows[index].speaker, words: rows[index].words),
                layout: layout)
            planned.fill = rows[index].speaker.flatMap { colors[$0] }
            let painter = style.painting.painter(for: planned)
            painter.handedOver = rows[index].handedOver
            rows[index].painter = painter
        }
        if var shownTail = tail, shownTail.painter == nil, let layout = shownTail.layout {
            let words = shownTail.words.prefix(shownTail.shown).map { Word(text: $0.text, start: time, end: time) }
            var planned = PlannedCaption(
                caption: Caption(text: words.map(\.text).joined(separator: " "), start: time, end: .greatestFiniteMagnitude, words: words),
                layout: layout)
            planned.fill = rows.last?.speaker.flatMap { colors[$0] }.map(LiveStyle.fade)
            shownTail.painter = style.quietPainting.painter(for: planned)
            tail = shownTail
        }
        var key = rows.compactMap { row in row.painter.map { Shown(row: row.id, revision: row.revision, state: $0.state(at: time)) } }
        if let tail, tail.painter != nil { key.append(Shown(row: -1, revision: revision, state: nil)) }
        if let current, current.key == key { return current.overlay }
        let before = current
        current = nil
        var bitmaps = try rows.compactMap { try $0.painter?.bitmap(at: time) }
        if let painter = tail?.painter, let bitmap = try painter.bitmap(at: time) { bitmaps.append(bitmap) }
        sets += 1
        let overlay = CaptionBitmap.layered(bitmaps).map { bitmap in
            FrameOverlay(id: sets, bitmap: bitmap, change: before.flatMap { change(from: $0, to: key, bitmap: bitmap) })
        }
        current = (key, overlay)
        if let displayed, before?.key.map({ [$0.row, $0.revision] }) != key.map({ [$0.row, $0.revision] }) {
            displayed(display, time)
        }
        return overlay
    }

    /// The overlay before and the areas that changed, when only word states changed (the same
    /// rows at the same revisions, in the same box).
    private func change(
        from before: (key: [Shown], overlay: FrameOverlay?), to key: [Shown], bitmap: CaptionBitmap
    ) -> (previous: Int, areas: [Rect])? {
        guard let previous = before.overlay,
            before.key.map({ [$0.row, $0.revision] }) == key.map({ [$0.row, $0.revision] }),
            (previous.bitmap.x, previous.bitmap.y, previous.bitmap.width, previous.bitmap.height)
                == (bitmap.x, bitmap.y, bitmap.width, bitmap.height)
        else { return nil }
        var areas: [Rect] = []
        for (old, new) in zip(before.key, key) where old.state != new.state {
            guard let changed = rows.first(where: { $0.id == new.row })?.painter?.lastChange else { return nil }
            areas += changed
        }
        return (previous.id, areas)
    }

    /// What shows now, word by word.
    public var display: LiveDisplay {
        // A row's words after its label (`from` 1) are its committed words, in order.
        func shown(_ layout: LaidOutCaption, _ texts: [String], _ ids: [Int], from: Int = 0) -> [LiveDisplay.ShownWord] {
            layout.words.filter { $0.index >= from && $0.index - from < ids.count }.map {
                LiveDisplay.ShownWord(id: ids[$0.index - from], text: texts[$0.index], x: Int(layout.cell(of: $0).x.rounded()))
            }
        }
        let shownRows = rows.compactMap { row in
            row.layout.map {
                LiveDisplay.Row(
                    id: row.id, speaker: row.speaker, label: row.words.first.flatMap { $0.isLabel ? $0.text : nil },
                    words: shown($0, row.words.map(\.text), row.ids, from: row.words.count - row.ids.count), y: Int($0.frame.y.rounded()))
            }
        }
        let tentative = tail.flatMap { tail in
            tail.layout.map { shown($0, tail.words.prefix(tail.shown).map(\.text), tail.words.prefix(tail.shown).map(\.id)) }
        }
        return LiveDisplay(rows: shownRows, tentative: tentative ?? [])
    }
}
