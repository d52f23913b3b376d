/// Reads SubRip (.srt): UTF-8 with or without BOM, CRLF or LF, multi-line cues,
/// missing or odd cue numbers tolerated.
enum SRTReader {
    static func parse(_ text: String, file: String) throws -> Transcript {
        var problems = ProblemList(file: file)
        var segments: [Segment] = []
        // "\r\n" is one Character in Swift, so split on every kind of line end.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }

        var index = 0
        while index < lines.count {
            // Skip blank lines and a cue number before the timing line.
            if lines[index].allSatisfy(\.isWhitespace) {
                index += 1
                continue
            }
            var timingIndex = index
            if !lines[index].contains("-->"), index + 1 < lines.count, lines[index + 1].contains("-->") {
                timingIndex = index + 1
            }
            let lineNumber = timingIndex + 1
            guard lines[timingIndex].contains("-->") else {
                problems.add(line: index + 1, "expected a timing line `00:00:01,000 --> 00:00:02,000`")
                while index < lines.count, !lines[index].allSatisfy(\.isWhitespace) { index += 1 }
                continue
            }
            var body: [Substring] = []
            index = timingIndex + 1
            while index < lines.count, !lines[index].allSatisfy(\.isWhitespace) {
                body.append(lines[index])
                index += 1
            }
            guard let (start, end) = parseTiming(lines[timingIndex]) else {
                problems.add(line: lineNumber, "malformed timing line `\(lines[timingIndex])`")
                continue
            }
            if let problem = timeProblem(start: start, end: end) {
                problems.add(line: lineNumber, problem)
                continue
            }
            let text = body.map { $0.trimmingWhitespace }.joined(separator: "\n")
            if text.isEmpty { continue }
            segments.append(Segment(text: text, start: start, end: end))
        }
        try problems.check()
        return Transcript(segments: segments)
    }

    /// `00:00:01,000 --> 00:00:02,500` (also `.` for `,`, optional hours, trailing settings).
    static func parseTiming(_ line: Substring) -> (Double, Double)? {
        let parts = line.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count >= 3, parts[1] == "-->",
            let start = parseTimestamp(parts[0]), let end = parseTimestamp(parts[2])
        else { return nil }
        return (start, end)
    }

    /// `HH:MM:SS,mmm` or `MM:SS.mmm` in seconds; `-` allowed so negative times are reported, not misparsed.
    static func parseTimestamp(_ text: Substring) -> Double? {
        let negative = text.hasPrefix("-")
        let clock = text.drop(while: { $0 == "-" }).replacingOccurrences(",", with: ".")
        let fields = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count) else { return nil }
        var seconds = 0.0
        for (i, field) in fields.enumerated() {
            let isLast = i == fields.count - 1
            guard !field.isEmpty, field.allSatisfy({ $0.isASCII && ($0.isNumber || (isLast && $0 == ".")) }),
                let value = Double(field)
            else { return nil }
            if !isLast, value != value.rounded() { return nil }
            if i > 0, value >= 60 { return nil }
            seconds = seconds * 60 + value
        }
        return negative ? -seconds : seconds
    }
}

extension Substring {
    func replacingOccurrences(_ target: Character, with replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
