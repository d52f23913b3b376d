/// Final Cut Pro 7 XML (`.xml`, `xmeml` version 5), which Premiere Pro and Resolve import: one
/// `sequence` with its `rate` (timebase and NTSC flag), its `timecode` (01:00:00:00, `DF` or
/// `NDF`), a video track with a `clipitem` per kept range and, with audio, an audio track with
/// a linked clipitem per range. The source is one `file` (path as a `file://localhost/` URL,
/// its start timecode, picture and sound), written in full in the first clipitem and referred
/// to by id after. A clipitem's `start`/`end` are sequence frames from 0, its `in`/`out`
/// frames from the file's first frame, ends exclusive.
enum FCP7Writer {
    static func text(_ timeline: EditTimeline) -> String {
        let rate = timeline.rate
        let hasAudio = timeline.audioChannels > 0
        func rateElement() -> MarkupElement { Self.rateElement(rate) }
        func timecode(_ frames: Int) -> MarkupElement { Self.timecode(frames, rate: rate) }
        let (video, sound) = (Self.picture(timeline), Self.sound(timeline))
        let file = Self.file(timeline, video: video, sound: sound)
        let (starts, length) = timeline.recordStarts
        let count = timeline.kept.count
        func clipID(_ kind: String, _ index: Int) -> String { "clipitem-\(kind == "video" ? index + 1 : count + index + 1)" }
        func links(_ index: Int) -> [MarkupElement] {
            guard hasAudio else { return [] }
            return [("video", 1), ("audio", 1)].map { kind, track in
                MarkupElement(
                    "link", [],
                    [
                        MarkupElement("linkclipref", text: clipID(kind, index)), MarkupElement("mediatype", text: kind),
                        MarkupElement("trackindex", text: "\(track)"), MarkupElement("clipindex", text: "\(index + 1)"),
                    ])
            }
        }
        func clipitems(_ kind: String) -> [MarkupElement] {
            zip(timeline.kept, starts).enumerated().map { index, pair in
                let (kept, start) = pair
                var children = [
                    MarkupElement("masterclipid", text: "masterclip-1"),
                    MarkupElement("name", text: timeline.sourceName), MarkupElement("enabled", text: "TRUE"),
                    MarkupElement("duration", text: "\(timeline.sourceFrames)"), rateElement(),
                    MarkupElement("start", text: "\(start)"), MarkupElement("end", text: "\(start + kept.count)"),
                    MarkupElement("in", text: "\(kept.lowerBound)"), MarkupElement("out", text: "\(kept.upperBound)"),
                    kind == "video" && index == 0 ? file : MarkupElement("file", [("id", "file-1")]),
                ]
                if kind == "audio" {
                    children.append(
                        MarkupElement(
                            "sourcetrack", [],
                            [MarkupElement("mediatype", text: "audio"), MarkupElement("trackindex", text: "1")]))
                }
                return MarkupElement("clipitem", [("id", clipID(kind, index))], children + links(index))
            }
        }
        var media = [
            MarkupElement(
                "video", [],
                [MarkupElement("format", [], [video]), MarkupElement("track", [], clipitems("video"))])
        ]
        if hasAudio {
            media.append(
                MarkupElement(
                    "audio", [],
                    [
                        MarkupElement("numOutputChannels", text: "\(timeline.audioChannels)"),
                        MarkupElement("format", [], [sound]), MarkupElement("track", [], clipitems("audio")),
                    ]))
        }
        let sequence = MarkupElement(
            "sequence", [("id", "sequence-1")],
            [
                MarkupElement("name", text: timeline.name), MarkupElement("duration", text: "\(length)"), rateElement(),
                timecode(timeline.recordStartFrame), MarkupElement("media", [], media),
            ])
        return MarkupElement("xmeml", [("version", "5")], [sequence]).document()
    }

    /// The `rate` element: the timebase and whether it is NTSC's (1000/1001).
    private static func rateElement(_ rate: EditRate) -> MarkupElement {
        MarkupElement(
            "rate", [],
            [MarkupElement("timebase", text: "\(rate.timebase)"), MarkupElement("ntsc", text: rate.ntsc ? "TRUE" : "FALSE")])
    }

    /// A `timecode` element for `frames` frames from 00:00:00:00.
    private static func timecode(_ frames: Int, rate: EditRate) -> MarkupElement {
        MarkupElement(
            "timecode", [],
            [
                rateElement(rate), MarkupElement("string", text: Timecode(frames: frames, rate: rate).description),
                MarkupElement("frame", text: "\(frames)"), MarkupElement("displayformat", text: rate.dropFrame ? "DF" : "NDF"),
            ])
    }

    /// The picture's `samplecharacteristics`: rate and size.
    private static func picture(_ timeline: EditTimeline) -> MarkupElement {
        MarkupElement(
            "samplecharacteristics", [],
            [
                rateElement(timeline.rate), MarkupElement("width", text: "\(timeline.width)"),
                MarkupElement("height", text: "\(timeline.height)"),
            ])
    }

    /// The sound's `samplecharacteristics`: depth and rate.
    private static func sound(_ timeline: EditTimeline) -> MarkupElement {
        MarkupElement(
            "samplecharacteristics", [],
            [MarkupElement("depth", text: "16"), MarkupElement("samplerate", text: "\(timeline.audioSampleRate)")])
    }

    /// The source `file`, written in full once: its URL, length, start timecode, picture and sound.
    private static func file(_ timeline: EditTimeline, video: MarkupElement, sound: MarkupElement) -> MarkupElement {
        var media = [MarkupElement("video", [], [video])]
        if timeline.audioChannels > 0 {
            media.append(MarkupElement("audio", [], [sound, MarkupElement("channelcount", text: "\(timeline.audioChannels)")]))
        }
        return MarkupElement(
            "file", [("id", "file-1")],
            [
                MarkupElement("name", text: timeline.sourceName),
                MarkupElement("pathurl", text: FileURL.url(timeline.sourcePath, host: "localhost")),
                rateElement(timeline.rate), MarkupElement("duration", text: "\(timeline.sourceFrames)"),
                timecode(timeline.sourceStartFrame, rate: timeline.rate), MarkupElement("media", [], media),
            ])
    }
}
