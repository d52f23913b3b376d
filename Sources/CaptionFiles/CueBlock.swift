import Captions

/// A cue of a SubRip or WebVTT file: lines from a non-blank line to the next blank line.
struct CueBlock {
    /// Index of the block's first line in the file.
    var first: Int
    /// Index of the timing line (`... --> ...`): the first line, or the second after a cue
    /// number or identifier; nil when the block has no timing line there.
    var timing: Int?
    /// The lines after the timing line.
    var payload: [Substring]

    /// The cue's place in the file: its timing line (1-based), else its first line.
    var source: SourceLocation { SourceLocation(line: (timing ?? first) + 1) }

    /// The blocks of `lines` from index `start`. With `timingEndsPayload` a line holding `-->`
    /// ends a payload and starts the next block, as WebVTT parsers do.
    static func blocks(in lines: [Substring], from start: Int, timingEndsPayload: Bool) -> [CueBlock] {
        var blocks: [CueBlock] = []
        var index = start
        while index < lines.count {
            if lines[index].isBlank {
                index += 1
                continue
            }
            let first = index
            var timing: Int? = lines[index].contains("-->") ? index : nil
            if timing == nil, index + 1 < lines.count, lines[index + 1].contains("-->") { timing = index + 1 }
            index = (timing ?? index) + 1
            var payload: [Substring] = []
            while index < lines.count, !lines[index].isBlank, !(timingEndsPayload && lines[index].contains("-->")) {
                if timing != nil { payload.append(lines[index]) }
                index += 1
            }
            blocks.append(CueBlock(first: first, timing: timing, payload: payload))
        }
        return blocks
    }
}

extension CueBlock {
    /// Refuses, before any cue is read, a file of more than `CaptionReader.maximumCues` blocks
    /// (at the first block past the limit) and any payload of more than
    /// `CaptionReader.maximumCueCharacters` characters, markup included (at the text line
    /// where it passes the limit).
    static func checkLimits(_ blocks: [CueBlock], file: String) throws {
        var problems = ProblemList(file: file)
        if blocks.count > CaptionReader.maximumCues {
            problems.add(line: blocks[CaptionReader.maximumCues].source.line ?? 1, CaptionReader.tooManyCues)
        }
        for block in blocks {
            guard let line = overLimitLine(block.payload) else { continue }
            // The payload starts on the line after the timing line (1-based: + 2).
            problems.add(line: (block.timing ?? block.first) + 2 + line, CaptionReader.cueTooLong)
        }
        try problems.check()
    }

    /// The index of the line of `payload` on which it passes `CaptionReader.maximumCueCharacters`
    /// Unicode scalars, nil when it does not.
    private static func overLimitLine(_ payload: [Substring]) -> Int? {
        let limit = CaptionReader.maximumCueCharacters
        var bytes = 0
        for line in payload { bytes += line.utf8.count }
        guard bytes > limit else { return nil }  // never fewer bytes than scalars
        var scalars = 0
        for (index, line) in payload.enumerated() {
            scalars += line.unicodeScalars.count
            if scalars > limit { return index }
        }
        return nil
    }
}
