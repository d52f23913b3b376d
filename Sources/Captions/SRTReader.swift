/// Reads SubRip (.srt): UTF-8 with or without BOM, CRLF or LF, multi-line cues,
/// missing or odd cue numbers tolerated. Tags (`<i>`, `<b>`, `<u>`, `<font color=...>`) and
/// ASS override blocks (`{\an8}`, `{\i1}`) are stripped (see `WebVTTCueText.Syntax.subRip`);
/// `&lt;` and the like stay as they are, SubRip has no character references.
enum SRTReader {
    static func parse(_ text: String, file: String) throws -> Transcript {
        var problems = ProblemList(file: file)
        var segments: [Segment] = []
        let lines = textLines(text)
        for block in CueBlock.blocks(in: lines, from: 0, timingEndsPayload: false) {
            guard let (start, end) = ClockStyle.srt.times(of: block, in: lines, problems: &problems) else { continue }
            let text = WebVTTCueText(assEscapes(block.payload.joined(separator: "\n")), syntax: .subRip).text
            if text.isEmpty { continue }
            segments.append(Segment(text: text, start: start, end: end, source: block.source))
        }
        try problems.check()
        return Transcript(segments: segments, dropped: problems.dropped)
    }

    /// The ASS escapes that files converted from ASS keep: `\N` is a line break inside the
    /// cue, `\h` a no-break space.
    static func assEscapes(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        return text.replacingOccurrences(of: "\\N", with: "\n").replacingOccurrences(of: "\\h", with: "\u{A0}")
    }
}
