import Captions

/// Reads WebVTT (.vtt): the `WEBVTT` header line and its header block, NOTE, STYLE and REGION
/// blocks skipped, optional cue identifiers, `[hh:]mm:ss.ttt --> [hh:]mm:ss.ttt [settings]`
/// timing lines (settings ignored), payload lines joined with "\n" with tags stripped and
/// character references decoded (see `CueText`); UTF-8 with or without BOM, LF or CRLF.
/// Cue timestamps inside a payload (`<00:00:01.500>`) give the segment its words' timings
/// (`CueText.timedWords`); one out of place is a note and ignored.
enum WebVTTReader {
    static func parse(_ text: String, file: String) throws -> Transcript {
        var problems = ProblemList(file: file)
        var segments: [Segment] = []
        var notes: [CaptionProblem] = []
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
        let blocks = CueBlock.blocks(in: lines, from: firstCue, timingEndsPayload: true)
        try CueBlock.checkLimits(blocks, file: file)
        for block in blocks {
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
            let (words, ignored) = cue.timedWords(start: start, end: end)
            let payloadLine = (block.timing ?? block.first) + 2  // 1-based line of the first payload line
            notes += ignored.map { CaptionProblem(file: file, line: payloadLine + $0.0.line, message: $0.1) }
            segments.append(
                Segment(text: cue.text, start: start, end: end, speaker: cue.speaker, words: words, source: block.source))
        }
        try problems.check()
        return Transcript(segments: segments, notes: notes, dropped: problems.dropped)
    }

    /// Whether `line` is `keyword` alone or followed by a space or tab (and any text).
    static func startsWithKeyword(_ keyword: String, _ line: Substring) -> Bool {
        guard line.hasPrefix(keyword) else { return false }
        let next = line.dropFirst(keyword.count).first
        return next == nil || next == " " || next == "\t"
    }
}
