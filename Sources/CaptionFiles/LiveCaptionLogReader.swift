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
        func item(_ object: JSONObject, _ problems: inout ProblemList) -> Item? {
            guard object.has("recordingStart") else { return Item(object, dates: dates, problems: &problems) }
            guard let start = dates.milliseconds(object, "recordingStart", problems: &problems) else { return nil }
            if recordingStart == nil {
                recordingStart = start
            } else {
                problems.add(at: object.location.field("recordingStart"), "given more than once")
            }
            return nil
        }
        let body = text.drop(while: { $0 == "\u{FEFF}" || $0.isWhitespace })
        let items: [Item]
        let decoded = try root ?? (body.first == "[" ? JSONDocument.parse(data, file: file) : nil)
        if let list = decoded as? [Any] {
            items = JSONObject.objects(in: list, at: .root, problems: &problems, item)
        } else {
            items = lines(text, problems: &problems, item)
        }
        let zero = recordingStart ?? items.compactMap(\.timestamp).min() ?? 0  // milliseconds since 1970
        let transcript = utterances(items, zero: zero, problems: &problems)
        try problems.check()
        return transcript
    }

    /// How long a caption lasts that nothing else gives a length.
    static let defaultLength = 2.0  // seconds

    /// The captions of the final items in their order, and notes on what was left out.
    private static func utterances(_ items: [Item], zero: Double, problems: inout ProblemList) -> Transcript {
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

    /// `transform` of each object of the JSON Lines `text`, in order, located by line; blank
    /// lines are skipped, any other line that is no JSON object adds a problem.
    private static func lines<T>(
        _ text: String, problems: inout ProblemList, _ transform: (JSONObject, inout ProblemList) -> T?
    ) -> [T] {
        var results: [T] = []
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: isLineEnd).enumerated() {
            let content = index == 0 && line.hasPrefix("\u{FEFF}") ? line.dropFirst() : line
            if content.isBlank { continue }
            let data = Data(content.utf8)
            do {
                let value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
                if let object = JSONObject(value, at: .line(index + 1), problems: &problems),
                    let result = transform(object, &problems)
                {
                    results.append(result)
                }
            } catch {
                problems.add(line: index + 1, "not valid JSON (\(JSONDocument.failure(error, data: data)))")
            }
        }
        return results
    }

    /// A line end of JSON Lines: only LF (CRLF is one Character), as inside JSON strings
    /// other line separators may stand unescaped.
    private static func isLineEnd(_ character: Character) -> Bool { character == "\n" || character == "\r\n" }
}

/// A time of a caption and the field it came from, to name in problems.
private struct Moment {
    var seconds: Double  // from the recording start
    var location: JSONLocation
}

/// One caption item of a live log.
private struct Item {
    var text: String
    var isFinal: Bool
    var speakerID: String?
    var displayName: String?
    var start: Moment?
    var end: Moment?
    var timestamp: Double?  // milliseconds since 1970
    var timestampLocation: JSONLocation
    var location: JSONLocation

    /// Items of one speaker share this key.
    var speakerKey: String {
        if let speakerID { return "id:" + speakerID }
        if let displayName { return "name:" + displayName }
        return ""
    }

    init?(_ object: JSONObject, dates: ISODates, problems: inout ProblemList) {
        let text = object.string("text", required: true, problems: &problems)
        let isFinal = object.bool("isFinal", required: true, problems: &problems)
        speakerID = object.string("speakerId", problems: &problems)
        displayName = object.string("displayName", problems: &problems)
        timestampLocation = object.location.field("timestamp")
        location = object.location
        if object.has("timestamp") {
            timestamp = dates.milliseconds(object, "timestamp", problems: &problems)
        } else if !object.has("start") && !object.has("end") {
            problems.add(at: object.location, "needs a time: \"timestamp\", or \"start\" and \"end\"")
            return nil
        }
        let required = !object.has("timestamp")
        start = object.number("start", required: required, problems: &problems).map {
            Moment(seconds: $0, location: object.location.field("start"))
        }
        end = object.number("end", required: required, problems: &problems).map {
            Moment(seconds: $0, location: object.location.field("end"))
        }
        guard let text, let isFinal, timestamp != nil || (start != nil && end != nil) else { return nil }
        self.text = text
        self.isFinal = isFinal
    }

    /// The timestamp as seconds from `zero` (milliseconds since 1970).
    func moment(zero: Double) -> Moment? {
        timestamp.map { Moment(seconds: ($0 - zero) / 1000, location: timestampLocation) }
    }

    /// When the item begins: its `start`, else its timestamp, in seconds from `zero`.
    func opening(zero: Double) -> Double? { (start ?? moment(zero: zero))?.seconds }

    /// When the item ends: its `end`, else its timestamp.
    func closing(zero: Double) -> Moment? { end ?? moment(zero: zero) }
}

/// The partial items of one speaker's utterance so far.
private struct Utterance {
    var first: Item
    var displayName: String?
}

/// Reads times given as milliseconds since 1970 or as ISO-8601 date-times (`ISODateTime`).
private struct ISODates {
    /// The time at `key` in milliseconds since 1970 (nil when absent, or after a problem). A
    /// time before 1970 is a problem of its own line: taken as the log's time zero, it would
    /// put every good line after it out of range instead.
    func milliseconds(_ object: JSONObject, _ key: String, problems: inout ProblemList) -> Double? {
        let expected = "milliseconds since 1970, or an ISO-8601 date-time such as \"2024-05-01T10:00:02.250Z\""
        let value: Double?
        if let text = object.fields[key] as? String {
            value = ISODateTime.milliseconds(text)
            if value == nil { problems.add(at: object.location.field(key), "expected \(expected)") }
        } else {
            value = object.number(key, expecting: expected, problems: &problems)
        }
        guard let value, value < 0 else { return value }
        problems.add(at: object.location.field(key), "a time before 1970; expected \(expected)")
        return nil
    }
}
