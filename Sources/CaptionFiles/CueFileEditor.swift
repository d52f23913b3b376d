import Captions
import Foundation

/// What became of one cue of a caption file: the cues it is now, in order. One piece: the cue
/// changed (times, and text unless `text` is nil); two or more: it was split; none: it was
/// merged into the cue before it.
public struct CueEdit: Sendable, Equatable {
    public struct Piece: Sendable, Equatable {
        public var start: Double  // seconds
        public var end: Double  // seconds
        public var text: String?  // nil: the text stays as it is in the file

        public init(start: Double, end: Double, text: String? = nil) {
            self.start = start
            self.end = end
            self.text = text
        }
    }

    public var source: SourceLocation  // where the reader found the cue
    public var pieces: [Piece]

    public init(source: SourceLocation, pieces: [Piece]) {
        self.source = source
        self.pieces = pieces
    }

    /// The cue with new times and, unless nil, new text.
    public init(source: SourceLocation, start: Double, end: Double, text: String? = nil) {
        self.init(source: source, pieces: [Piece(start: start, end: end, text: text)])
    }
}

/// Writes edits back into a caption file's own text, touching nothing else. In SubRip and
/// WebVTT: an edited cue's timing line (its two times; cue settings stay) and, when its text
/// changed, its payload lines, in the file's own line ends; a split adds cues after it, a
/// merge removes the merged cue's block; SubRip cues numbered 1, 2, 3... are numbered again
/// when cues were added or removed. In native JSON: the edited segments' `start`, `end` and
/// `text` (a segment whose text changed loses its word timings, which no longer match),
/// segments added or removed likewise, the file written again as JSON.
public enum CueFileEditor {
    /// `text` (the file's content) with `edits` applied; `format` is srt, vtt or json.
    public static func apply(_ edits: [CueEdit], to text: String, format: CaptionFormat, file: String) throws -> Data {
        for piece in edits.flatMap(\.pieces) {
            if let problem = timingProblem(start: piece.start, end: piece.end) {
                throw CaptionError([CaptionProblem(file: file, message: "an edited cue's \(problem)")])
            }
        }
        switch format {
        case .srt, .vtt: return Data(try lines(edits, text, subRip: format == .srt, file: file).utf8)
        case .json: return try json(edits, text, file: file)
        case .whisper, .live:
            throw CaptionError([CaptionProblem(file: file, message: "\(format.rawValue) files are saved as native JSON")])
        }
    }

    /// The latest time an edited cue may have, as the readers allow. // seconds
    public static let maximumSeconds = maximumTime

    /// Why a cue cannot be timed from `start` to `end` (seconds), or nil: the readers' checks,
    /// and an end after the start in the milliseconds the file holds.
    public static func timingProblem(start: Double, end: Double) -> String? {
        if let problem = timeProblem(start: start, end: end) { return problem }
        return (end * 1000).rounded() > (start * 1000).rounded() ? nil : "end (\(end)) is not after its start (\(start)) to the millisecond"
    }

    /// `text` as one cue of `format` holds it. SubRip and WebVTT cannot hold a blank line inside
    /// a cue (it ends the cue): lines end at LF, CR or CRLF, as the readers count them; a run of
    /// blank lines becomes one line break, and blank lines at either end go. Refused (naming
    /// `file`) when no text is left, or when a line holds `-->`, which would start a cue of its
    /// own, or when SubRip's markup alone is left (the cue would show nothing and go). Native
    /// JSON holds any text but an empty one.
    public static func cueText(_ text: String, format: CaptionFormat, file: String) throws -> String {
        let problem = { (message: String) in CaptionError([CaptionProblem(file: file, message: message)]) }
        guard format == .srt || format == .vtt else {
            guard !text.allSatisfy(\.isWhitespace) else { throw problem("a cue needs text") }
            return text
        }
        let lines = textLines(text).filter { !$0.isBlank }
        guard !lines.isEmpty else { throw problem("a cue needs text") }
        if lines.contains(where: { $0.contains("-->") }) {
            throw problem("a cue's text cannot hold \"-->\": it would start a cue of its own")
        }
        let joined = lines.joined(separator: "\n")
        // SubRip's tags and ASS escapes alone (`<i></i>`, `\N`) show nothing: the cue would go.
        if format == .srt, CueText(SRTReader.assEscapes(joined), syntax: .subRip).text.allSatisfy(\.isWhitespace) {
            throw problem("a cue needs text: markup alone shows nothing")
        }
        return joined
    }

    private static func body(_ line: String) -> Substring { line[..<(line.firstIndex { $0.isNewline } ?? line.endIndex)] }
    private static func isBlank(_ line: String) -> Bool { body(line).allSatisfy(\.isWhitespace) }
    private static func isNumber(_ line: String) -> Bool {
        let text = body(line)
        return !text.isEmpty && text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber)
    }

    private static func lines(_ edits: [CueEdit], _ text: String, subRip: Bool, file: String) throws -> String {
        // Lines with their ends, so that untouched ones are written back byte for byte.
        var lines: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if character.isNewline {
                lines.append(current)
                current = ""
            }
        }
        if !current.isEmpty { lines.append(current) }
        let ending = lines.first.map { $0.hasSuffix("\r\n") ? "\r\n" : "\n" } ?? "\n"
        let separator = subRip ? "," : "."
        let numbered = subRip && sequentiallyNumbered(lines)
        func timing(_ piece: CueEdit.Piece, settings: Substring) -> String {
            CaptionWriter.timestamp(piece.start, separator: separator) + " --> "
                + CaptionWriter.timestamp(piece.end, separator: separator) + settings
        }
        // From the last cue up, so that what changes in one moves no cue above it.
        for edit in edits.sorted(by: { ($0.source.line ?? 0) > ($1.source.line ?? 0) }) {
            guard let number = edit.source.line, number >= 1, number <= lines.count,
                let arrow = body(lines[number - 1]).range(of: "-->")
            else { throw CaptionError([CaptionProblem(file: file, message: "the cue edited is no longer where it was read")]) }
            let at = number - 1
            let first = at > 0 && !isBlank(lines[at - 1]) ? at - 1 : at  // the number or identifier line
            var last = at + 1
            while last < lines.count, !isBlank(lines[last]) { last += 1 }
            guard let head = edit.pieces.first else {
                // Merged into the cue before: its block and the blank lines after it go.
                var end = last
                while end < lines.count, isBlank(lines[end]) { end += 1 }
                lines.removeSubrange(first..<end)
                continue
            }
            let line = body(lines[at])
            let lineEnd = String(lines[at][line.endIndex...])
            // Cue settings (WebVTT `align:start`, SubRip `X1:...`) after the end time stay.
            let settings = line[arrow.upperBound...].drop { $0 == " " || $0 == "\t" }.drop { !($0 == " " || $0 == "\t") }
            var replacement = [timing(head, settings: settings) + lineEnd]
            replacement += try head.text.map { try payload($0, ending: ending, subRip: subRip, file: file) } ?? Array(lines[(at + 1)..<last])
            // A payload that ended the file without a line end gets one before the next cue.
            if edit.pieces.count > 1, let final = replacement.last, !final.hasSuffix("\n") {
                replacement[replacement.count - 1] = final + ending
            }
            for piece in edit.pieces.dropFirst() {
                replacement += [ending] + (numbered ? ["0" + ending] : [])
                replacement += [timing(piece, settings: "") + ending] + (try payload(piece.text ?? "", ending: ending, subRip: subRip, file: file))
            }
            // The last line keeps the file's own end (a file without a final line end).
            if last == lines.count, let original = lines.last, !original.hasSuffix("\n"),
                let final = replacement.last, final.hasSuffix(ending)
            {
                replacement[replacement.count - 1] = String(final.dropLast(ending.count))
            }
            lines.replaceSubrange(at..<last, with: replacement)
        }
        if numbered { renumber(&lines) }
        return lines.joined()
    }

    /// `text` as payload lines, each with `ending` (WebVTT's `&`, `<` and `>` as character
    /// references, so that the text reads back as written).
    private static func payload(_ text: String, ending: String, subRip: Bool, file: String) throws -> [String] {
        let lines = try cueText(text, format: subRip ? .srt : .vtt, file: file).split(separator: "\n")
        return lines.map { (subRip ? String($0) : CaptionWriter.escape(String($0))) + ending }
    }

    /// The first line of each block of non-blank lines, and whether it is a SubRip cue number
    /// (digits, with the timing line after it).
    private static func blocks(_ lines: [String]) -> [(first: Int, numbered: Bool)] {
        var blocks: [(Int, Bool)] = []
        var index = 0
        while index < lines.count {
            if isBlank(lines[index]) {
                index += 1
                continue
            }
            blocks.append((index, index + 1 < lines.count && isNumber(lines[index]) && body(lines[index + 1]).contains("-->")))
            while index < lines.count, !isBlank(lines[index]) { index += 1 }
        }
        return blocks
    }

    /// Whether every SubRip block starts with its number, 1, 2, 3...
    private static func sequentiallyNumbered(_ lines: [String]) -> Bool {
        let found = blocks(lines)
        return !found.isEmpty
            && found.enumerated().allSatisfy { $1.numbered && Int(body(lines[$1.first])) == $0 + 1 }
    }

    /// Numbers the SubRip blocks 1, 2, 3... again (the same numbers when none was added or removed).
    private static func renumber(_ lines: inout [String]) {
        for (number, block) in blocks(lines).filter(\.numbered).enumerated() {
            let line = lines[block.first]
            lines[block.first] = "\(number + 1)" + line[body(line).endIndex...]
        }
    }

    private static func json(_ edits: [CueEdit], _ text: String, file: String) throws -> Data {
        guard var root = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            var segments = root["segments"] as? [[String: Any]]
        else { throw CaptionError([CaptionProblem(file: file, message: "not a native JSON caption file any more")]) }
        let indexed = try edits.map { edit -> (Int, CueEdit) in
            guard let field = edit.source.field, field.hasPrefix("segments["), let index = Int(field.dropFirst(9).dropLast()),
                segments.indices.contains(index)
            else { throw CaptionError([CaptionProblem(file: file, message: "the segment edited is no longer where it was read")]) }
            return (index, edit)
        }
        for (index, edit) in indexed.sorted(by: { $0.0 > $1.0 }) {
            let original = segments[index]
            let pieces = edit.pieces.map { piece -> [String: Any] in
                var segment = original
                segment["start"] = (piece.start * 1000).rounded() / 1000
                segment["end"] = (piece.end * 1000).rounded() / 1000
                if edit.pieces.count > 1 || (piece.text != nil && piece.text != original["text"] as? String) {
                    segment["text"] = piece.text ?? original["text"]
                    segment["words"] = nil
                } else if let words = segment["words"] as? [[String: Any]] {
                    // Words kept stay inside the segment's new times.
                    let (low, high) = ((piece.start * 1000).rounded() / 1000, (piece.end * 1000).rounded() / 1000)
                    segment["words"] = words.map { word in
                        var word = word
                        for key in ["start", "end"] {
                            if let time = (word[key] as? NSNumber)?.doubleValue { word[key] = min(max(time, low), high) }
                        }
                        return word
                    }
                }
                return segment
            }
            segments.replaceSubrange(index...index, with: pieces)
        }
        root["segments"] = segments
        return try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            + Data("\n".utf8)
    }
}
