/// OpenTimelineIO's JSON (`.otio`, as opentimelineio 0.18 writes it): a `Timeline.1` whose
/// `Stack.1` holds a video `Track.1` and, with audio, an audio one, each a `Clip.2` per kept
/// range referring to the source (`ExternalReference.1`, its `available_range` the whole file).
/// Times are `RationalTime.1`: a value in frames at the rate as a number (29.97002997002997
/// for 30000/1001), source times counted from 00:00:00:00, so the start timecode included;
/// the timeline's `global_start_time` is the record start, 01:00:00:00.
enum OTIOWriter {
    static func text(_ timeline: EditTimeline) -> String {
        let rate = JSONValue.number("\(timeline.rate.framesPerSecond)")
        func time(_ frames: Int) -> JSONValue {
            .object(["OTIO_SCHEMA": .string("RationalTime.1"), "rate": rate, "value": .number("\(frames).0")])
        }
        func range(_ start: Int, _ duration: Int) -> JSONValue {
            .object(["OTIO_SCHEMA": .string("TimeRange.1"), "duration": time(duration), "start_time": time(start)])
        }
        let reference = JSONValue.object([
            "OTIO_SCHEMA": .string("ExternalReference.1"),
            "metadata": .object([]),
            "name": .string(timeline.sourceName),
            "available_range": range(timeline.sourceStartFrame, timeline.sourceFrames),
            "available_image_bounds": .null,
            "target_url": .string(FileURL.url(timeline.sourcePath)),
        ])
        func clips() -> [JSONValue] {
            timeline.kept.map { kept in
                .object([
                    "OTIO_SCHEMA": .string("Clip.2"),
                    "metadata": .object([]),
                    "name": .string(timeline.sourceName),
                    "source_range": range(timeline.sourceStartFrame + kept.lowerBound, kept.count),
                    "effects": .array([]),
                    "markers": .array([]),
                    "enabled": .bool(true),
                    "color": .null,
                    "media_references": .object(["DEFAULT_MEDIA": reference]),
                    "active_media_reference_key": .string("DEFAULT_MEDIA"),
                ])
            }
        }
        func track(_ name: String, kind: String) -> JSONValue {
            .object([
                "OTIO_SCHEMA": .string("Track.1"),
                "metadata": .object([]),
                "name": .string(name),
                "source_range": .null,
                "effects": .array([]),
                "markers": .array([]),
                "enabled": .bool(true),
                "color": .null,
                "children": .array(clips()),
                "kind": .string(kind),
            ])
        }
        let tracks = [track("V1", kind: "Video")] + (timeline.audioChannels > 0 ? [track("A1", kind: "Audio")] : [])
        return JSONValue.object([
            "OTIO_SCHEMA": .string("Timeline.1"),
            "metadata": .object([]),
            "name": .string(timeline.name),
            "global_start_time": time(timeline.recordStartFrame),
            "tracks": .object([
                "OTIO_SCHEMA": .string("Stack.1"),
                "metadata": .object([]),
                "name": .string("tracks"),
                "source_range": .null,
                "effects": .array([]),
                "markers": .array([]),
                "enabled": .bool(true),
                "color": .null,
                "children": .array(tracks),
            ]),
        ]).text()
    }
}
