import Captions
import Foundation

/// A time of a caption and the field it came from, to name in problems.
struct Moment {
    var seconds: Double  // from the recording start
    var location: JSONLocation
}

/// One caption item of a live source, as a call SDK delivers it: the utterance so far
/// (`text`), whether it is the final, who speaks, and its time. A live-caption log holds them
/// (`LiveCaptionLogReader`), and `burn-captions live --captions-feed` reads them line by line
/// (`read(line:number:file:)`).
public struct LiveCaptionItem: Sendable {
    public internal(set) var text: String
    public internal(set) var isFinal: Bool
    public internal(set) var speakerID: String?
    public internal(set) var displayName: String?
    /// The language of the text (a BCP 47 tag), when the item says.
    public internal(set) var language: String?
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
        language = object.string("language", problems: &problems)
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

    /// Its `start`, seconds from the recording's (or the stream's) start. // seconds
    public var startSeconds: Double? { start?.seconds }
    /// Its `end`. // seconds
    public var endSeconds: Double? { end?.seconds }
    /// Its `timestamp`, milliseconds since 1970.
    public var timestampMilliseconds: Double? { timestamp }

    /// One line of JSON Lines (line `number` of `file`): an item, a `recordingStart` (its
    /// milliseconds since 1970), nothing for a blank line, or the line's problems, each naming
    /// the file, the line and the field.
    public static func read(line: String, number: Int, file: String) -> LineReading {
        let content = number == 1 && line.hasPrefix("\u{FEFF}") ? String(line.dropFirst()) : line
        if content.allSatisfy(\.isWhitespace) { return .blank }
        var problems = ProblemList(file: file)
        var item: LiveCaptionItem?
        let data = Data(content.utf8)
        do {
            let value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            if let object = JSONObject(value, at: .line(number), problems: &problems) {
                if object.has("recordingStart") {
                    if let start = ISODates().milliseconds(object, "recordingStart", problems: &problems) {
                        return .recordingStart(milliseconds: start)
                    }
                } else {
                    item = LiveCaptionItem(object, dates: ISODates(), problems: &problems)
                    if let item, problems.problems.isEmpty { return .item(item) }
                }
            }
        } catch {
            problems.add(line: number, "not valid JSON (\(JSONDocument.failure(error, data: data)))")
        }
        return .problems(problems.problems, item: item)
    }

    /// What one line of a live source holds.
    public enum LineReading: Sendable {
        case item(LiveCaptionItem)
        case recordingStart(milliseconds: Double)
        case blank
        /// What is wrong with the line, and the item as far as it could be read (a log keeps
        /// it to report all it finds; a live feed skips it).
        case problems([CaptionProblem], item: LiveCaptionItem?)
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


/// Reads times given as milliseconds since 1970 or as ISO-8601 date-times (`ISODateTime`).
struct ISODates {
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
