/// Reads SubRip (.srt): UTF-8 with or without BOM, CRLF or LF, multi-line cues,
/// missing or odd cue numbers tolerated.
enum SRTReader {
    static func parse(_ text: String, file: String) throws -> Transcript {
        var problems = ProblemList(file: file)
        var segments: [Segment] = []
        let lines = textLines(text)

        var index = 0
        while index < lines.count {
            // Skip blank lines and a cue number before the timing line.
            if lines[index].isBlank {
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
                while index < lines.count, !lines[index].isBlank { index += 1 }
                continue
            }
            var body: [Substring] = []
            index = timingIndex + 1
            while index < lines.count, !lines[index].isBlank {
                body.append(lines[index])
                index += 1
            }
            guard let (start, end) = ClockStyle.srt.timing(lines[timingIndex]) else {
                problems.add(line: lineNumber, "malformed timing line `\(lines[timingIndex])`")
                continue
            }
            if let problem = timeProblem(start: start, end: end) {
                problems.add(line: lineNumber, problem)
                continue
            }
            let text = body.map { $0.trimmingWhitespace() }.joined(separator: "\n")
            if text.isEmpty { continue }
            segments.append(Segment(text: text, start: start, end: end))
        }
        try problems.check()
        return Transcript(segments: segments)
    }
}
