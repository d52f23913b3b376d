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
