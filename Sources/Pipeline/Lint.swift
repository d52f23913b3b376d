import Captions
import Cuts
import Foundation
import Layout
import Media
import Settings
import Speech

/// One broken reading rule: which caption (its place in the file, times and text), the rule,
/// its level and source, the limit and what the caption has; or, as a note, what chunking
/// changed in it (`split`, `merged`, `trimmed`, `delayed`, `extended`, `shotChange`).
public struct LintFinding: Sendable, Encodable {
    public var file: String
    public var line: Int?  // the caption's line in its file, when it has one
    public var field: String?  // or its field (`segments[3]`)
    public var start: Double  // seconds
    public var end: Double  // seconds
    public var text: String
    public var rule: String  // a `ReadingRules.Rule`, or a `CaptionChange.Kind` for a note
    public var level: ReadingRules.Level
    public var limit: Double?  // none for a note
    public var value: Double?
    public var message: String
    public var source: String?

    /// `FILE:LINE: rule: message` (or `FILE: field: ...`; recognized speech, which has
    /// neither: `FILE 2.38–4.38 s: ...`).
    public var description: String {
        let place =
            line == nil && field == nil
            ? file + String(format: " %.2f–%.2f s", start, end) : SourceLocation(line: line, field: field).describe(file: file)
        return "\(place): \(rule) (\(level.rawValue)): \(message)"
    }
}

/// `burn-captions lint`: the final captions (as a render would show them) checked against
/// the reading rules of their language.
public enum Lint {
    /// Of recognized speech: each segment dropped as invented, and each caption with words
    /// the recognizer was unsure of (below `Recognition.uncertainWord`), as notes.
    static func speechNotes(_ prepared: PreparedBurn) -> [LintFinding] {
        guard let speech = prepared.speech else { return [] }
        let file = prepared.info.path
        let dropped = speech.dropped.map { segment in
            LintFinding(
                file: file, start: rounded(segment.start), end: rounded(segment.end), text: segment.text, rule: "invented",
                level: .note, message: "dropped: \(segment.reason)")
        }
        let uncertain = prepared.captions.compactMap { caption -> LintFinding? in
            let words = caption.words.filter { !$0.isLabel && ($0.confidence ?? 1) < Recognition.uncertainWord }
            guard !words.isEmpty else { return nil }
            let listed = words.map { "\($0.text) (\(String(format: "%.2f", $0.confidence ?? 0)))" }.joined(separator: ", ")
            return LintFinding(
                file: file, start: rounded(caption.start), end: rounded(caption.end), text: caption.text, rule: "uncertain",
                level: .note, message: "recognized with a low probability, check: \(listed)")
        }
        return (dropped + uncertain).sorted { $0.start < $1.start }
    }

    /// Each span the cut plan cuts or flags (`--cuts`, `--cuts-file`), as a note: `cut` or
    /// `flagged`, with its reason; its times are the input's (the captions' are the cut's).
    static func cutNotes(_ prepared: PreparedBurn) -> [LintFinding] {
        guard let plan = prepared.cuts else { return [] }
        return plan.cuts.map { cut in
            LintFinding(
                file: prepared.info.path, start: rounded(cut.start), end: rounded(cut.end), text: cut.text ?? "",
                rule: cut.isCut ? "cut" : "flagged", level: .note,
                message: cut.label + (cut.isCut ? "" : ", not cut (\(cut.flag?.rawValue ?? "kept"))") + " (the input's time)")
        }
    }

    /// The rules each caption of `prepared` breaks, and what chunking changed in it, one list
    /// per caption (none for the second track's).
    static func findings(_ prepared: PreparedBurn) -> [[LintFinding]] {
        let request = prepared.request
        return findings(
            prepared.planned, file: request.captions.origin == .recognized ? prepared.info.path : request.captions.file,
            rules: prepared.rules, language: request.captions.language,
            frameDuration: prepared.info.frameDuration, shotChanges: prepared.shotChanges,
            minimumSize: prepared.style.minimumSize, style: prepared.style)
    }

    /// The rules each caption of `planned` breaks, one list per caption (none for the second
    /// track's); `file` names the captions' file; `frameDuration` in seconds (gaps are counted
    /// in frames); captions are checked against `shotChanges` when given, and a caption set
    /// below the preset's smallest size to fit its lines against `minimumSize` (frame pixels);
    /// `style` (the preset's) tells how wide another line break may make a line.
    static func findings(
        _ planned: [PlannedCaption], file: String, rules: ReadingRules, language: String?, frameDuration: Double,
        shotChanges: ShotChanges? = nil, minimumSize: Double? = nil, style: TextStyle? = nil
    ) -> [[LintFinding]] {
        var byCaption = [[LintFinding]](repeating: [], count: planned.count)
        let first = planned.indices.filter { planned[$0].track == 1 }
        for (index, position) in first.enumerated() {
            let item = planned[position]
            var findings = notes(item, file: file)
            defer { byCaption[position] = findings }
            let caption = item.caption
            let tag = caption.language ?? language
            func check(_ rule: ReadingRules.Rule, _ value: Double, above: Bool, _ message: (ReadingRules.Row) -> String) {
                guard let row = rules.row(rule, language: tag) else { return }
                let broken = above ? value > row.limit + 1e-9 : value < row.limit - 1e-9
                guard broken else { return }
                findings.append(
                    LintFinding(
                        file: file, line: caption.source?.line, field: caption.source?.field, start: rounded(caption.start),
                        end: rounded(caption.end), text: caption.text, rule: rule.rawValue, level: row.level, limit: row.limit,
                        value: rounded(value), message: message(row), source: row.source))
            }
            let lines = item.layout.lines.map(\.text)
            let longest = lines.map { ReadingRules.characters($0.trimmingCharacters(in: .whitespaces)) }.max() ?? 0
            check(.charactersPerLine, Double(longest), above: true) {
                "a line of \(longest) characters, more than \(Int($0.limit)) (\(tag ?? "any language"))"
            }
            check(.linesPerCaption, Double(lines.count), above: true) { "\(lines.count) lines, more than \(Int($0.limit))" }
            if let minimumSize, minimumSize > 0, item.layout.overflows {
                let share = item.layout.fontSize / minimumSize
                check(.fontSize, share, above: false) {
                    String(
                        format: "set at %.1f px, %.0f%% of the preset's smallest size (%.1f px), to fit %d line(s); less than %.0f%%",
                        item.layout.fontSize, 100 * share, minimumSize, lines.count, 100 * $0.limit)
                }
            }
            let duration = caption.end - caption.start
            let characters = ReadingRules.characters(lines.joined(separator: " ").trimmingCharacters(in: .whitespaces))
            // A caption without length has no reading speed (it breaks the shortest time instead).
            if duration > 0 {
                let speed = Double(characters) / duration
                check(.readingSpeed, speed, above: true) {
                    String(format: "%d characters in %.2f s: %.1f characters per second, more than %g", characters, duration, speed, $0.limit)
                }
            }
            check(.minDuration, duration, above: false) { String(format: "on screen %.2f s, less than %g s", duration, $0.limit) }
            check(.maxDuration, duration, above: true) { String(format: "on screen %.2f s, more than %g s", duration, $0.limit) }
            if index + 1 < first.count, planned[first[index + 1]].caption.lane == caption.lane {
                let gap = (planned[first[index + 1]].caption.start - caption.end) / frameDuration
                if gap >= 0 {
                    check(.minGap, gap, above: false) {
                        String(format: "%.1f frames before the next caption, less than %g", gap, $0.limit)
                    }
                }
            }
            if let row = rules.row(.boundary, language: tag), let table = rules.phrases.table(for: tag),
                let bad = badEnd(item, next: index + 1 < first.count ? planned[first[index + 1]] : nil, table: table,
                    rules: rules, wordsBack: Int(row.limit), style: style)
            {
                findings.append(
                    LintFinding(
                        file: file, line: caption.source?.line, field: caption.source?.field, start: rounded(caption.start),
                        end: rounded(caption.end), text: caption.text, rule: ReadingRules.Rule.boundary.rawValue, level: row.level,
                        limit: row.limit, message: bad.message + "; a break at a phrase boundary fits", source: row.source))
            }
            if let shotChanges, let row = rules.row(.shotChange, language: tag),
                let (frames, message) = nearCut(caption, shotChanges, within: row.limit)
            {
                check(.shotChange, frames, above: false) { _ in message }
            }
        }
        return byCaption
    }

    /// What chunking changed in `item`'s caption, and where it was moved for an obstacle (a
    /// warning when no place clears it), as findings about it.
    private static func notes(_ item: PlannedCaption, file: String) -> [LintFinding] {
        let caption = item.caption
        func finding(_ rule: String, _ level: ReadingRules.Level, _ message: String) -> LintFinding {
            LintFinding(
                file: file, line: caption.source?.line, field: caption.source?.field, start: rounded(caption.start),
                end: rounded(caption.end), text: caption.text, rule: rule, level: level, message: message)
        }
        var notes = caption.changes.map { finding($0.kind.rawValue, .note, $0.message) }
        if let placement = item.placement, let obstacle = placement.obstacle {
            let moved = placement.blocked ? "" : placement.offset < 0 ? "above " : "below "
            notes.append(
                placement.blocked
                    ? finding("covers", .warning, "covers \(obstacle.summary): no place of the preset clears it")
                    : finding("moved", .note, "moved \(moved)\(obstacle.summary)"))
        }
        return notes
    }

    /// The end of `item`'s first line, else of the caption itself where `next` continues its
    /// text (no punctuation ends it, and the next starts less than `continuing` seconds later:
    /// a piece of the same cue, or an author's next cue), that parts a
    /// bound word of `table` from its neighbour while another break fits: lines of the
    /// language's characters per line and no wider than the caption's safe area (each
    /// character as wide as the caption's on average); the words moved within the next
    /// caption's lines.
    static func badEnd(
        _ item: PlannedCaption, next: PlannedCaption?, table: PhraseTable, rules: ReadingRules, wordsBack: Int, style: TextStyle?
    ) -> BadEnd? {
        let caption = item.caption
        let language = caption.language
        let perLine = style?.charactersPerLine ?? rules.row(.charactersPerLine, language: language).map { Int($0.limit) } ?? 42
        let lines = item.layout.lines
        let characters = lines.reduce(0) { $0 + ReadingRules.characters($1.text) }
        let advance = characters > 0 ? lines.reduce(0) { $0 + $1.width } / Double(characters) : 0
        let width = style.map { $0.safeArea.width - 2 * $0.paintMargin * item.layout.fontSize } ?? .infinity
        func fitsLine(_ text: String) -> Bool {
            let count = ReadingRules.characters(text)
            return count <= perLine && Double(count) * advance <= width
        }
        if let bad = BoundaryCheck.lineEnd(lines.map(\.text), table: table, language: language, fits: fitsLine) { return bad }
        guard let next, next.caption.lane == caption.lane, next.caption.start - caption.end < continuing else { return nil }
        let maximumLines = min(style?.maximumLines ?? 2, rules.row(.linesPerCaption, language: language).map { Int($0.limit) } ?? 2)
        return BoundaryCheck.captionEnd(
            caption.text, next: next.caption.text, table: table, language: language, wordsBack: wordsBack
        ) { moved in
            ReadingRules.characters(moved) <= perLine * maximumLines
        }
    }

    /// The most seconds between a caption and the next for the next to continue its text.
    static let continuing = 0.5

    /// How a caption sits too near a cut (`within` frames), as the frames between them and a
    /// message, or nil: a start near a cut but not on it, an end near one but not 2 frames
    /// before it, or a cut it spans with less than `within` frames on a side.
    static func nearCut(_ caption: Caption, _ shots: ShotChanges, within: Double) -> (Double, String)? {
        let frame = shots.frameDuration
        let slack = 0.01
        let window = Int(within)
        if let cut = shots.nearest(to: caption.start, within: window) {
            let frames = abs(caption.start - cut) / frame
            if frames > slack {
                return (frames, String(format: "starts %.1f frames %@ the shot change at %.3f s, not on it", frames, caption.start < cut ? "before" : "after", cut))
            }
        }
        if let cut = shots.nearest(to: caption.end, within: window) {
            let frames = (cut - caption.end) / frame
            if abs(frames - Double(ShotChanges.endBefore)) > slack {
                return (abs(frames), String(format: "ends %.1f frames %@ the shot change at %.3f s, not %d before it", abs(frames), frames >= 0 ? "before" : "after", cut, ShotChanges.endBefore))
            }
        }
        for cut in shots.inside(caption.start, caption.end) {
            let frames = min(cut - caption.start, caption.end - cut) / frame
            if frames < within - slack {
                return (frames, String(format: "spans the shot change at %.3f s by only %.1f frames on one side", cut, frames))
            }
        }
        return nil
    }

    private static func rounded(_ value: Double) -> Double { value.isFinite ? (value * 1000).rounded() / 1000 : value }
}
