/// Reads WebVTT (.vtt): the `WEBVTT` header line and its header block, NOTE, STYLE and REGION
/// blocks skipped, optional cue identifiers, `[hh:]mm:ss.ttt --> [hh:]mm:ss.ttt [settings]`
/// timing lines (settings ignored), payload lines joined with "\n" with tags stripped and
/// character references decoded (see `CueText`); UTF-8 with or without BOM, LF or CRLF.
enum WebVTTReader {
    static func parse(_ text: String, file: String) throws -> Transcript {
        var problems = ProblemList(file: file)
        var segments: [Segment] = []
        let lines = textLines(text)
        var firstCue = 0
        if let first = lines.first, first.hasPrefix("WEBVTT") {
            if !startsWithKeyword("WEBVTT", first) {
                problems.add(line: 1, "the header must be `WEBVTT`, or `WEBVTT` then a space or tab and text")
            }
            // The header block runs to the first blank line (or, leniently, to the first cue).
            firstCue = 1
            while firstCue < lines.count, !lines[firstCue].isBlank, !lines[firstCue].contains("-->") { firstCue += 1 }
        } else {
            problems.add(line: 1, "missing `WEBVTT` header line")
            // The first line is no cue either, unless it is a timing line.
            if let first = lines.first, !first.contains("-->") { firstCue = 1 }
        }
        for block in CueBlock.blocks(in: lines, from: firstCue, timingEndsPayload: true) {
            if block.timing == nil,
                ["NOTE", "STYLE", "REGION"].contains(where: { startsWithKeyword($0, lines[block.first]) })
            {
                continue
            }
            guard let (start, end) = ClockStyle.webVTT.times(of: block, in: lines, problems: &problems) else {
                continue
            }
            let cue = CueText(block.payload.joined(separator: "\n"))
            // A cue whose payload is empty, or only tags, shows nothing: skipped, not an error.
            if cue.text.isEmpty { continue }
            segments.append(Segment(text: cue.text, start: start, end: end, speaker: cue.speaker, source: block.source))
        }
        try problems.check()
        return Transcript(segments: segments, dropped: problems.dropped)
    }

    /// Whether `line` is `keyword` alone or followed by a space or tab (and any text).
    static func startsWithKeyword(_ keyword: String, _ line: Substring) -> Bool {
        guard line.hasPrefix(keyword) else { return false }
        let next = line.dropFirst(keyword.count).first
        return next == nil || next == " " || next == "\t"
    }
}
