import Captions
import Foundation

/// Reads a live-caption log: the caption items a call SDK delivers while people speak, saved
/// as JSON Lines (one item per line; `.jsonl`) or as one JSON array of items.
///
/// An item:
///
///     {"text": "hello developer", "isFinal": false, "speakerId": "u1", "displayName": "Ana",
///      "timestamp": 1714557602000}
///
/// - `text` (string) and `isFinal` (true or false) are required; `speakerId` and `displayName`
///   (strings) are optional.
/// - Its time is `timestamp`, milliseconds since 1970 (number) or an ISO-8601 date-time with
///   a zone (string, `2024-05-01T10:00:02.000Z`), or else `start` and `end`, seconds from the
///   recording start.
/// - An item `{"recordingStart": <milliseconds or ISO-8601>}` sets time zero for timestamps;
///   without one, the earliest timestamp in the log is zero.
///
/// Utterances: the items of one speaker (by `speakerId`, else `displayName`, else one
/// anonymous speaker) refine one utterance until its final item (`isFinal` true); the next
/// item of that speaker opens the next utterance. Each final item gives one caption: the
/// final's text, from the utterance's first item (its `start`, else its timestamp; or the
/// final's own `start` when it has one) to the final (its `end`, else its timestamp), with
/// the speaker `displayName ?? speakerId`.
///
/// A final without partials and without `start` (many saved logs keep only finals) starts
/// at the time of that speaker's previous item (its `end`, else its timestamp), or, for the
/// speaker's first item, of the previous item of the log, or at time zero for the log's
/// first item; when that is not before the final's own time, at the final's own time. Any
/// caption still without length (it starts where it ends) lasts until the next item of the
/// log (its `start`, else its timestamp), or 2 s when that is not later or there is none.
///
/// Partial items never become captions; utterances that never get a final item are left out
/// with a note (`Transcript.notes`).
enum LiveCaptionLogReader {
    /// Whether the content is a live-caption log: `root` is the decoded file (nil when it is
    /// not one JSON value, as JSON Lines are not), `text` the file; its first item other than
    /// `recordingStart` has an `isFinal` key.
    static func recognizes(_ root: Any?, text: String) -> Bool {
        let head: [Any?]
        if let list = root as? [Any] {
            head = Array(list.prefix(2))
        } else if let root {
            head = [root]
        } else {
            // Only the first lines are decoded: a log can be long.
            head = text.split(maxSplits: 4, whereSeparator: isLineEnd).filter { !$0.isBlank }.prefix(2).map {
                try? JSONSerialization.jsonObject(with: Data($0.utf8))
            }
        }
        let first = head.compactMap { $0 as? [String: Any] }.first { $0["recordingStart"] == nil }
        return first?["isFinal"] != nil
    }

    /// Reads the log `text` (bytes `data`); `root` is its decoded value when it is one JSON value.
    static func parse(_ data: Data, text: String, root: Any?, file: String) throws -> Transcript {
        var problems = ProblemList(file: file)
        let dates = ISODates()
        var recordingStart: Double?  // milliseconds since 1970
        /// The caption item `object` holds, or nil for a `recordingStart` item (or on a problem).
        func item(_ object: JSONObject, _ problems: inout ProblemList) -> LiveCaptionItem? {
            guard object.has("recordingStart") else { return LiveCaptionItem(object, dates: dates, problems: &problems) }
            guard let start = dates.milliseconds(object, "recordingStart", problems: &problems) else { return nil }
            if recordingStart == nil {
                recordingStart = start
            } else {
                problems.add(at: object.location.field("recordingStart"), "given more than once")
            }
            return nil
        }
        let body = text.drop(while: { $0 == "\u{FEFF}" || $0.isWhitespace })
        let items: [LiveCaptionItem]
        let decoded = try root ?? (body.first == "[" ? JSONDocument.parse(data, file: file) : nil)
        if let list = decoded as? [Any] {
            items = JSONObject.objects(in: list, at: .root, problems: &problems, item)
        } else {
            // JSON Lines: each line read as the live feed reads it.
            var list: [LiveCaptionItem] = []
            for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: isLineEnd).enumerated() {
                switch LiveCaptionItem.read(line: String(line), number: index + 1, file: file) {
                case .item(let item): list.append(item)
                case .recordingStart(let milliseconds):
                    if recordingStart == nil {
                        recordingStart = milliseconds
                    } else {
                        problems.add(at: JSONLocation.line(index + 1).field("recordingStart"), "given more than once")
                    }
                case .blank: continue
                case .problems(let found, let item):
                    problems.problems += found
                    if let item { list.append(item) }
                }
            }
            items = list
        }
        let zero = recordingStart ?? items.compactMap(\.timestamp).min() ?? 0  // milliseconds since 1970
        let transcript = utterances(items, zero: zero, problems: &problems)
        try problems.check()
        return transcript
    }

    /// How long a caption lasts that nothing else gives a length.
    static let defaultLength = 2.0  // seconds

    /// The captions of the final items in their order, and notes on what was left out.
    private static func utterances(_ items: [LiveCaptionItem], zero: Double, problems: inout ProblemList) -> Transcript {
        var open: [String: Utterance] = [:]  // by speaker
        var lastTime: [String: Double] = [:]  // by speaker: when their previous item ended
        var segments: [Segment] = []
        for (index, item) in items.enumerated() {
            let previousTime =
                lastTime[item.speakerKey] ?? (index > 0 ? items[index - 1].closing(zero: zero)?.seconds : nil) ?? 0
            if let time = item.closing(zero: zero) { lastTime[item.speakerKey] = time.seconds }
            let partials = open[item.speakerKey]
            var utterance = partials ?? Utterance(first: item)
            utterance.displayName = utterance.displayName ?? item.displayName
            guard item.isFinal else {
                open[item.speakerKey] = utterance
                continue
            }
            open[item.speakerKey] = nil
            guard let closing = item.closing(zero: zero) else { continue }
            let opening: Moment
            if let start = item.start ?? partials.flatMap({ $0.first.start ?? $0.first.moment(zero: zero) }) {
                opening = start
            } else {
                // A final alone: from the speaker's previous item, when that came before it.
                opening = Moment(seconds: min(max(0, previousTime), closing.seconds), location: closing.location)
            }
            if let problem = timeProblem(start: opening.seconds, end: closing.seconds) {
                let startIsWrong = !opening.seconds.isFinite || opening.seconds < 0
                problems.add(at: startIsWrong ? opening.location : closing.location, problem)
                continue
            }
            let text = String(item.text[...].trimmingWhitespace())
            if text.isEmpty { continue }
            var end = closing.seconds
            if end == opening.seconds {
                // No length: until the next item of the log (a partial's time is not checked, so
                // only within the time limit).
                let next = index + 1 < items.count ? items[index + 1].opening(zero: zero) : nil
                end = next.flatMap { $0 > end && $0 <= maximumTime ? $0 : nil } ?? end + defaultLength
            }
            segments.append(
                Segment(
                    text: text, start: opening.seconds, end: end,
                    speaker: item.displayName ?? utterance.displayName ?? item.speakerID, source: item.location.source))
        }
        var notes: [CaptionProblem] = []
        if !open.isEmpty {
            notes.append(
                CaptionProblem(file: problems.file, message: counted(open.count, "unfinished utterance", "(no isFinal item)")))
        }
        return Transcript(segments: segments, notes: notes)
    }

    /// "1 unfinished utterance (...) was left out", "2 unfinished utterances (...) were left out".
    private static func counted(_ count: Int, _ thing: String, _ detail: String) -> String {
        count == 1 ? "1 \(thing) \(detail) was left out" : "\(count) \(thing)s \(detail) were left out"
    }

    /// A line end of JSON Lines: only LF (CRLF is one Character), as inside JSON strings
    /// other line separators may stand unescaped.
    private static func isLineEnd(_ character: Character) -> Bool { character == "\n" || character == "\r\n" }
}

/// The partial items of one speaker's utterance so far.
private struct Utterance {
    var first: LiveCaptionItem
    var displayName: String?
}
