import Foundation

/// A change to one cue of a caption file: its new times and, when it was edited, its text.
public struct CueEdit: Sendable, Equatable {
    public var source: SourceLocation  // where the reader found the cue
    public var start: Double  // seconds
    public var end: Double  // seconds
    public var text: String?  // nil: the cue's text stays as it is in the file

    public init(source: SourceLocation, start: Double, end: Double, text: String? = nil) {
        self.source = source
        self.start = start
        self.end = end
        self.text = text
    }
}

/// Writes edits back into a caption file's own text, touching nothing else: in SubRip and
/// WebVTT only the edited cues' timing lines (their two times; cue settings stay) and, when
/// the text changed, their payload lines, in the file's own line ends; in native JSON the
/// edited segments' `start`, `end` and `text` (a segment whose text changed loses its word
/// timings, which no longer match), the file written again as JSON.
public enum CueFileEditor {
    /// `text` (the file's content) with `edits` applied; `format` is srt, vtt or json.
    public static func apply(_ edits: [CueEdit], to text: String, format: CaptionFormat, file: String) throws -> Data {
        switch format {
        case .srt, .vtt: return Data(try lines(edits, text, separator: format == .srt ? "," : ".", file: file).utf8)
        case .json: return try json(edits, text, file: file)
        case .whisper, .live:
            throw CaptionError([CaptionProblem(file: file, message: "\(format.rawValue) files are saved as native JSON")])
        }
    }

    private static func lines(_ edits: [CueEdit], _ text: String, separator: String, file: String) throws -> String {
        // Lines with their ends, so that untouched ones are written back byte for byte.
        var lines: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if character == "\n" || character == "\r\n" || character == "\r" {
                lines.append(current)
                current = ""
            }
        }
        if !current.isEmpty { lines.append(current) }
        let ending = lines.first.map { $0.hasSuffix("\r\n") ? "\r\n" : "\n" } ?? "\n"
        func body(_ line: String) -> Substring { line[..<(line.firstIndex { $0.isNewline } ?? line.endIndex)] }
        // From the last cue up, so that a payload of another length moves no later edit.
        for edit in edits.sorted(by: { ($0.source.line ?? 0) > ($1.source.line ?? 0) }) {
            guard let number = edit.source.line, number >= 1, number <= lines.count, let arrow = body(lines[number - 1]).range(of: "-->")
            else {
                throw CaptionError([CaptionProblem(file: file, message: "the cue edited is no longer where it was read")])
            }
            let timing = body(lines[number - 1])
            let lineEnd = String(lines[number - 1][timing.endIndex...])
            // Cue settings (WebVTT `align:start`, SubRip `X1:...`) after the end time stay.
            let afterArrow = timing[arrow.upperBound...].drop { $0 == " " || $0 == "\t" }
            let settings = afterArrow.drop { !($0 == " " || $0 == "\t") }
            lines[number - 1] =
                CaptionWriter.timestamp(edit.start, separator: separator) + " --> "
                + CaptionWriter.timestamp(edit.end, separator: separator) + settings
                + lineEnd
            guard let newText = edit.text else { continue }
            var last = number
            while last < lines.count, !body(lines[last]).allSatisfy(\.isWhitespace) { last += 1 }
            let parts = newText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var payload = parts.map { $0 + ending }
            // A payload that ended the file without a line end still does.
            if last > number, lines[last - 1].last?.isNewline != true { payload[payload.count - 1] = parts[parts.count - 1] }
            lines.replaceSubrange(number..<last, with: payload)
        }
        return lines.joined()
    }

    private static func json(_ edits: [CueEdit], _ text: String, file: String) throws -> Data {
        guard var root = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            var segments = root["segments"] as? [[String: Any]]
        else { throw CaptionError([CaptionProblem(file: file, message: "not a native JSON caption file any more")]) }
        for edit in edits {
            guard let field = edit.source.field, field.hasPrefix("segments["), let index = Int(field.dropFirst(9).dropLast()),
                segments.indices.contains(index)
            else { throw CaptionError([CaptionProblem(file: file, message: "the segment edited is no longer where it was read")]) }
            segments[index]["start"] = (edit.start * 1000).rounded() / 1000
            segments[index]["end"] = (edit.end * 1000).rounded() / 1000
            if let newText = edit.text, newText != segments[index]["text"] as? String {
                segments[index]["text"] = newText
                segments[index]["words"] = nil
            }
        }
        root["segments"] = segments
        return try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            + Data("\n".utf8)
    }
}
