/// A CMX 3600 EDL (`.edl`): `TITLE:`, `FCM:` (`DROP FRAME` at 29.97 and 59.94, else
/// `NON-DROP FRAME`), then an event per kept range, numbered from 001, on reel `AX` (a file,
/// not a tape), cut (`C`), with source in/out (the source's timecode) and record in/out from
/// 01:00:00:00, each followed by `* FROM CLIP NAME:` and `* FROM CLIP:` (the file's path) so
/// editors find the media. The channel field carries the audio: `V` without, `B` (picture and
/// audio 1) for mono, `AA/V` (picture, audio 1 and 2) for stereo or more (CMX 3600 has no more
/// than two audio channels). An EDL states no rate: the reader is told it.
enum EDLWriter {
    /// CMX 3600 numbers events with three digits.
    static let maximumEvents = 999

    static func text(_ timeline: EditTimeline) throws -> String {
        guard timeline.kept.count <= maximumEvents else {
            throw EditListError(
                "kept", "\(timeline.kept.count) ranges: a CMX 3600 EDL holds at most \(maximumEvents) events")
        }
        let rate = timeline.rate
        let channels = timeline.audioChannels == 0 ? "V" : (timeline.audioChannels == 1 ? "B" : "AA/V")
        func padded(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(1, width - text.count)) }
        func tc(_ frames: Int) -> String { Timecode(frames: frames, rate: rate).description }
        var lines = [
            "TITLE: \(oneLine(timeline.name))",
            "FCM: \(rate.dropFrame ? "DROP FRAME" : "NON-DROP FRAME")",
            "",
        ]
        let (starts, _) = timeline.recordStarts
        let recordStart = timeline.recordStartFrame
        for (index, (kept, start)) in zip(timeline.kept, starts).enumerated() {
            let number = String(index + 1)
            let event = String(repeating: "0", count: 3 - number.count) + number
            let source = timeline.sourceStartFrame + kept.lowerBound
            let record = recordStart + start
            lines.append(
                event + "  " + padded("AX", 9) + padded(channels, 6) + padded("C", 9)
                    + [tc(source), tc(source + kept.count), tc(record), tc(record + kept.count)].joined(separator: " "))
            lines.append("* FROM CLIP NAME: \(oneLine(timeline.sourceName))")
            lines.append("* FROM CLIP: \(oneLine(timeline.sourcePath))")
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// `text` on one line: control characters (line ends among them) as spaces.
    static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }
}
