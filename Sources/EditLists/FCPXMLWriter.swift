/// FCPXML 1.10 (`.fcpxml`), which Final Cut Pro and DaVinci Resolve import: `resources` with
/// the `format` (frame duration, picture size) and the source's `asset` (its `media-rep` a file
/// URL, its `start` the source's start timecode), then `library/event/project/sequence/spine`
/// with an `asset-clip` per kept range. Each asset-clip carries the asset's picture and sound
/// together (Final Cut keeps a clip's audio with it; there is no separate audio track). Times
/// are rational seconds (`1001/30000s` a frame at 29.97); the sequence starts at 01:00:00:00
/// (`tcStart`), and the spine's clips are placed from there (`offset`).
enum FCPXMLWriter {
    static func text(_ timeline: EditTimeline) -> String {
        let rate = timeline.rate
        func seconds(_ frames: Int) -> String { time(frames, rate) }
        let tcFormat = rate.dropFrame ? "DF" : "NDF"
        let hasAudio = timeline.audioChannels > 0
        var asset: [(String, String)] = [
            ("id", "r2"), ("name", timeline.sourceName), ("start", seconds(timeline.sourceStartFrame)),
            ("duration", seconds(timeline.sourceFrames)), ("hasVideo", "1"), ("format", "r1"), ("videoSources", "1"),
            ("hasAudio", hasAudio ? "1" : "0"),
        ]
        if hasAudio {
            asset += [
                ("audioSources", "1"), ("audioChannels", "\(timeline.audioChannels)"),
                ("audioRate", "\(timeline.audioSampleRate)"),
            ]
        }
        let resources = MarkupElement(
            "resources", [],
            [
                MarkupElement(
                    "format",
                    [
                        ("id", "r1"), ("frameDuration", seconds(1)), ("width", "\(timeline.width)"),
                        ("height", "\(timeline.height)"),
                    ]),
                MarkupElement(
                    "asset", asset,
                    [MarkupElement("media-rep", [("kind", "original-media"), ("src", FileURL.url(timeline.sourcePath))])]),
            ])
        let (starts, length) = timeline.recordStarts
        let recordStart = timeline.recordStartFrame
        let clips = zip(timeline.kept, starts).map { kept, start in
            var attributes: [(String, String)] = [
                ("ref", "r2"), ("offset", seconds(recordStart + start)), ("name", timeline.sourceName),
                ("start", seconds(timeline.sourceStartFrame + kept.lowerBound)), ("duration", seconds(kept.count)),
                ("format", "r1"), ("tcFormat", tcFormat),
            ]
            if hasAudio { attributes.append(("audioRole", "dialogue")) }
            return MarkupElement("asset-clip", attributes)
        }
        var sequence: [(String, String)] = [
            ("format", "r1"), ("duration", seconds(length)), ("tcStart", seconds(recordStart)), ("tcFormat", tcFormat),
        ]
        if hasAudio {
            sequence += [("audioLayout", audioLayout(timeline.audioChannels)), ("audioRate", audioRate(timeline.audioSampleRate))]
        }
        let library = MarkupElement(
            "library", [],
            [
                MarkupElement(
                    "event", [("name", timeline.name)],
                    [
                        MarkupElement(
                            "project", [("name", timeline.name)],
                            [MarkupElement("sequence", sequence, [MarkupElement("spine", [], clips)])])
                    ])
            ])
        return MarkupElement("fcpxml", [("version", "1.10")], [resources, library]).document()
    }

    /// `frames` at `rate` as FCPXML's rational seconds: `0s`, whole seconds (`3600s`), or
    /// frames × denominator over the rate's numerator (`3003/30000s`).
    static func time(_ frames: Int, _ rate: EditRate) -> String {
        let numerator = frames * rate.denominator
        if numerator % rate.numerator == 0 { return "\(numerator / rate.numerator)s" }
        return "\(numerator)/\(rate.numerator)s"
    }

    /// The sequence's `audioLayout`: mono, stereo, or surround past two channels.
    static func audioLayout(_ channels: Int) -> String {
        channels == 1 ? "mono" : (channels == 2 ? "stereo" : "surround")
    }

    /// The sequence's `audioRate`, one of FCPXML's names (`48k`, `44.1k`); 48k for a rate it has no name for.
    static func audioRate(_ hertz: Int) -> String {
        let names = [32000: "32k", 44100: "44.1k", 48000: "48k", 88200: "88.2k", 96000: "96k", 176400: "176.4k", 192000: "192k"]
        return names[hertz] ?? "48k"
    }
}
