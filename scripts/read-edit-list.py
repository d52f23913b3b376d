#!/usr/bin/env python3
"""Reads edit lists back with OpenTimelineIO and its adapters (the test of EditLists).

usage: read-edit-list.py [--rate R] [--start-frame N] FILE [[--rate R] [--start-frame N] FILE ...]

Each FILE is read with the adapter its extension names (.otio: otio_json, .fcpxml: fcpx_xml,
.xml: fcp_xml, .edl: cmx_3600). --rate (30000/1001, 29.97, 25) and --start-frame (the
source's start timecode in frames) apply to the files after them: an EDL states no rate, and
its clips no start of their media. Prints one JSON object a file, a line each:

  {"file": F, "name": timeline name, "targetURL": the first clip's media URL,
   "clips": [[in, out], ...] the video track's clips in source frames from the file's first
   frame (out exclusive), "record": [[start, end], ...] their places on the track, from the
   first clip's, "audioTracks": n, "audioClips": the clips on the first audio track}

or {"file": F, "error": text} when it does not read. Exits 1 when opentimelineio is missing.

The FCPXML adapter (otio-fcpx-xml-adapter 1.0.0) counts frames at int(fps) (29 for 29.97)
and truncates float seconds; this script gives it exact rational arithmetic, rounded to
the frame, and leaves the rest of its reading as it is.
"""
import json
import sys
from fractions import Fraction

try:
    import opentimelineio as otio
except ImportError:
    print("read-edit-list: python3 has no opentimelineio (scripts/setup.sh installs it)", file=sys.stderr)
    sys.exit(1)

ADAPTERS = {"otio": "otio_json", "fcpxml": "fcpx_xml", "xml": "fcp_xml", "edl": "cmx_3600"}


def exact_fcpx_times():
    """Replaces the FCPXML adapter's float time helpers with exact fractions."""
    # The module OpenTimelineIO loaded the adapter as (its plugin loader imports it by path).
    fcpx_xml = otio.adapters.from_name("fcpx_xml").module()

    def seconds(text):
        if text is None or text == "0s":
            return Fraction(0)
        return Fraction(text.rstrip("s"))

    def to_rational_time(rational_number, fps):
        frames = round(seconds(rational_number) * Fraction(fps))
        return otio.opentime.RationalTime(frames, fps)

    def format_frame_rate(self, format_id):
        total, rate = self._format_frame_duration(format_id)
        return float(Fraction(int(rate)) / Fraction(int(total)))

    def number_of_frames(self, time_value, format_id):
        total, rate = self._format_frame_duration(format_id)
        return round(seconds(time_value) * Fraction(int(rate)) / Fraction(int(total)))

    fcpx_xml.to_rational_time = to_rational_time
    fcpx_xml.FcpxXml._format_frame_rate = format_frame_rate
    fcpx_xml.FcpxXml._number_of_frames = number_of_frames


def timeline_of(result):
    if isinstance(result, otio.schema.Timeline):
        return result
    for child in result:
        found = timeline_of(child) if not isinstance(child, otio.core.Composable) else None
        if found is not None:
            return found
    raise ValueError("no timeline in the file")


def frames(time, rate):
    return round(time.rescaled_to(rate).value) if rate else round(time.value)


def read(path, rate, start_frame):
    extension = path.rsplit(".", 1)[-1].lower()
    adapter = ADAPTERS[extension]
    options = {"rate": rate} if adapter == "cmx_3600" else {}
    timeline = timeline_of(otio.adapters.read_from_file(path, adapter_name=adapter, **options))
    video = [t for t in timeline.tracks if t.kind == otio.schema.TrackKind.Video]
    audio = [t for t in timeline.tracks if t.kind == otio.schema.TrackKind.Audio]
    clips = [c for c in video[0] if isinstance(c, otio.schema.Clip)] if video else []
    rate = rate or (clips[0].source_range.start_time.rate if clips else None)
    sources, places = [], []
    for clip in clips:
        reference = clip.media_reference
        available = getattr(reference, "available_range", None)
        start = frames(available.start_time, rate) if available is not None else start_frame
        begin = frames(clip.source_range.start_time, rate) - start
        sources.append([begin, begin + frames(clip.source_range.duration, rate)])
        place = video[0].range_of_child(clip)
        places.append([frames(place.start_time, rate), frames(place.end_time_exclusive(), rate)])
    first = places[0][0] if places else 0
    return {
        "file": path,
        "name": timeline.name,
        "targetURL": getattr(clips[0].media_reference, "target_url", None) if clips else None,
        "clips": sources,
        "record": [[a - first, b - first] for a, b in places],
        "audioTracks": len(audio),
        "audioClips": len([c for c in audio[0] if isinstance(c, otio.schema.Clip)]) if audio else 0,
    }


def main(arguments):
    exact_fcpx_times()
    rate, start_frame, paths = None, 0, []
    items = iter(arguments)
    for argument in items:
        if argument == "--rate":
            rate = float(Fraction(next(items)))
        elif argument == "--start-frame":
            start_frame = int(next(items))
        else:
            paths.append((argument, rate, start_frame))
    if not paths:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    for path, rate, start_frame in paths:
        try:
            result = read(path, rate, start_frame)
        except Exception as error:  # every adapter's own exceptions: reported per file
            result = {"file": path, "error": f"{type(error).__name__}: {error}"}
        print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
