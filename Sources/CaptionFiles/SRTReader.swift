import Captions

/// Reads SubRip (.srt): UTF-8 with or without BOM, CRLF or LF, multi-line cues,
/// missing or odd cue numbers tolerated. SubRip's own tags (`<i>`, `<b>`, `<u>`, `<s>`,
/// `<font color=...>`) and ASS override blocks (`{\an8}`, `{\i1}`) are stripped; any other
/// `<...>` (`<inaudible>`, `Press <Enter>`) is text (see `CueText.Syntax.subRip`). `&lt;` and
/// the like stay as they are, SubRip has no character references.
enum SRTReader {
    static func parse(_ text: String, file: String) throws -> Transcript {
        var problems = ProblemList(file: file)
        var segments: [Segment] = []
        let lines = textLines(text)
        let blocks = CueBlock.blocks(in: lines, from: 0, timingEndsPayload: false)
        try CueBlock.checkLimits(blocks, file: file)
        for block in blocks {
            guard let (start, end) = ClockStyle.srt.times(of: block, in: lines, problems: &problems) else { continue }
            let payload = block.payload.joined(separator: "\n")
            let text = CueText(assEscapes(payload), syntax: .subRip).text
            if text.isEmpty { continue }
            segments.append(Segment(text: text, start: start, end: end, source: block.source, position: position(payload)))
        }
        try problems.check()
        return Transcript(segments: segments, dropped: problems.dropped)
    }

    /// The place an ASS alignment override (`{\an8}`, or `\an8` among others in a block such
    /// as `{\i1\an8}`) gives the cue: the first one found. One pass over the payload.
    static func position(_ payload: String) -> CaptionPosition? {
        var rest = payload[...]
        while let open = rest.firstIndex(of: "{") {
            // A block runs from `{` to the next `}`, with no `{` between.
            let body = rest[rest.index(after: open)...]
            guard let close = body.firstIndex(where: { $0 == "}" || $0 == "{" }) else { return nil }
            if body[close] == "}" {
                var block = body[..<close]
                while let tag = block.range(of: "\\an") {
                    if let digit = block[tag.upperBound...].first?.wholeNumberValue,
                        let position = CaptionPosition(assAlignment: digit)
                    {
                        return position
                    }
                    block = block[tag.upperBound...]
                }
            }
            rest = body[close...]
            if rest.first == "}" { rest = rest.dropFirst() }
        }
        return nil
    }

    /// The ASS escapes that files converted from ASS keep: `\N` is a line break inside the
    /// cue, `\h` a no-break space.
    static func assEscapes(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        return text.replacingOccurrences(of: "\\N", with: "\n").replacingOccurrences(of: "\\h", with: "\u{A0}")
    }
}
