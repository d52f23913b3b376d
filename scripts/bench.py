#!/usr/bin/env python3
"""`make bench`: burn-captions side by side with plain FFmpeg and FFmpeg+libass.

Usage (from the repository root, after `swift build -c release`):

    python3 scripts/bench.py [--rounds 5] [--null-rounds 11] [--seconds 60] [--no-long] [--write docs/PERFORMANCE.md]

Makes (or reuses) under .build/bench/ a 1080x1920 30 fps clip with moving, noisy content
and espeak-ng speech, about one caption every two seconds (word-timed JSON, SRT, and an
ASS file with the same captions, line breaks and placement), then runs interleaved rounds of

  A  burn-captions                 (x264 veryfast crf 20, audio copied)
  B  ffmpeg plain transcode        (same x264 settings and threads, audio copied)
  C  ffmpeg -vf subtitles=clip.ass (libass)
  N  burn-captions --null          (decode, lay out, rasterize, composite; no encode)
  D  ffmpeg -f null                (decode only)
  L  ffmpeg -vf subtitles= -f null (libass render and blend, no encode)
  H  burn-captions --look highlight (the spoken word in colour: a bitmap per word state)
  P  burn-captions --look pop      (the spoken word grows: per-frame raster while it grows)
  I  burn-captions --look highlight --null
  Q  burn-captions --look pop --null
  X  burn-captions --look popin --null (each word pops in and grows, over a drop shadow)
  Z  A with --look popin           (the heaviest look: pop-in and grow over a drop shadow)
  Y  burn-captions --look neon --null  (two wide glows, redrawn only around a word whose shape changes)
  M  burn-captions, three outputs from one decode (--preset tiktok, reels, shorts)
  S  the same three outputs as three separate runs, one after another
  T  M on the clip as 1080x1920 HEVC Main 10 (phone footage: decoding costs more)
  U  S on that HEVC Main 10 clip
  E  burn-captions --codec hevc on the first 15 s
  F  ffmpeg libx265 transcode of the same 15 s
  G  A with --shot-changes auto   (scene detection: one more decoding pass)
  K  burn-captions plan --shot-changes auto (the detection pass alone)
  J  burn-captions --cuts-file: a cut render (8 cuts, 13 s of the 60 s cut, audio re-encoded)
  O  burn-captions on the same kept frames as a clip of their own, with J's captions: a plain
     burn of the cut's length, which J must cost no more than 1.05x of (issue 60)

Each round runs every command once, in an order that rotates from round to round; a ratio
is taken within a round (A/B of round 2 divides round 2's A by round 2's B) and the table
shows medians. Wall time is the child's elapsed time, CPU time its user+system time and
peak RSS its ru_maxrss (all from wait4; for S and U, the shell that runs the three, whose
figures include its children's: CPU summed, RSS the largest). A final run of A on a clip 4x as long checks that
memory does not grow with length. The table is printed and, with --write, written into
docs/PERFORMANCE.md with the machine's description. Then scripts/bench-recognition.py (our
recognizer against whisper-ctranslate2) and scripts/bench-long-audio.py: `transcribe` of
--long-audio-minutes (120) of speech and pauses, failing when burn-captions and the
recognizer together pass LONG_AUDIO_LIMIT_MIB at their peak (docs/RECOGNIZER.md).
"""

import argparse
import importlib.util
import json
import os
import platform
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import wave
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BENCH = REPO / ".build" / "bench"
BIN = REPO / ".build" / "release" / "burn-captions"
X264 = ["veryfast", "20"]  # preset, crf: the same for burn-captions and ffmpeg
PLATFORMS = ["tiktok", "reels", "shorts"]  # the outputs of M, S, T and U

# make-sample.py's word synthesis (espeak-ng + sox, trimmed, 48 kHz mono) is reused.
_spec = importlib.util.spec_from_file_location("make_sample", REPO / "scripts" / "make-sample.py")
sample = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sample)
sample.SPEED_WPM = 280  # a minute of speech at conversational speed

# About 30 captions a minute: short and long ones, numbers, a few that need two lines.
PHRASES = [
    "Welcome back to the channel.",
    "Today we test burned in captions",
    "on a full minute of video.",
    "Every word has its own timing,",
    "so the captions follow the voice.",
    "Short lines are easy.",
    "Longer sentences need a second line to stay readable on a phone screen.",
    "Prices like $20 and 5% off",
    "must stay together.",
    "We meet at 10:30 tomorrow.",
    "The render farm runs thousands of jobs",
    "and every one must be fast.",
    "Decoding sets the floor,",
    "encoding takes most of the time,",
    "and captions should cost almost nothing.",
    "Each caption is drawn once",
    "and blended only where it sits.",
    "Noise in the picture",
    "keeps the encoder honest.",
    "Motion makes it work harder.",
    "Three point five stars from 1,000 viewers.",
    "Thanks for watching so far.",
    "Now a quick recap of the numbers.",
    "Wall time, processor time and memory",
    "are measured for every command.",
    "The median of several rounds",
    "hides the noise of a busy machine.",
    "That is all for today.",
    "See you in the next one.",
    "Goodbye!",
]
RATE = sample.RATE
FPS = 30
WORD_GAP_MS = 30
LEAD = 0.5  # seconds of silence before the first and after the last phrase


def log(message):
    sys.stderr.write(message + "\n")
    sys.stderr.flush()


# --- inputs --------------------------------------------------------------------

def build_speech(seconds, tmp):
    """The phrases spread over each minute of `seconds` (one pass per minute), with equal
    pauses between them. Returns (segments, pcm bytes)."""
    if seconds % 60:
        sys.exit("bench: --seconds must be a whole number of minutes")
    cache = {}
    spoken = [[sample.synth_word(word, tmp, cache) for word in phrase.split()] for phrase in PHRASES]
    speech = sum(sum(len(pcm) // 2 for pcm in words) + WORD_GAP_MS * RATE // 1000 * (len(words) - 1)
                 for words in spoken)
    gap = int(60 * RATE - 2 * LEAD * RATE - speech) // len(PHRASES)  # samples between phrases
    if gap < RATE // 4:
        sys.exit("bench: the phrases do not fit in a minute")
    placed, segments = [], []
    for minute in range(seconds // 60):
        cursor = int((60 * minute + LEAD) * RATE)
        for phrase, pcms in zip(PHRASES, spoken):
            words = []
            for index, (word, pcm) in enumerate(zip(phrase.split(), pcms)):
                if index > 0:
                    cursor += WORD_GAP_MS * RATE // 1000
                placed.append((cursor, pcm))
                end = cursor + len(pcm) // 2
                words.append({"text": word, "start": round(cursor / RATE, 3), "end": round(end / RATE, 3)})
                cursor = end
            segments.append({"start": words[0]["start"], "end": words[-1]["end"], "text": phrase,
                             "words": words})
            cursor += gap
    buf = bytearray(seconds * RATE * 2)
    for start, pcm in placed:
        buf[start * 2:start * 2 + len(pcm)] = pcm
    return segments, bytes(buf)


def make_clip(path, wav, seconds):
    """Moving gradients, a drifting bright blob and temporal noise: real work for the encoder."""
    graph = (
        "gradients=s=1080x1920:r={fps}:d={d}:seed=7:speed=0.01:nb_colors=4"
        ":c0=0x1d2b64:c1=0x5b3f8c:c2=0xd96c75:c3=0x2f8f9d,format=yuv420p[bg];"
        "color=c=0xffecd6:s=360x360:r={fps}:d={d},format=yuv420p[blob];"
        "[bg][blob]overlay=x='360+300*sin(2*PI*t/9)':y='780+600*sin(2*PI*t/6.5)',"
        "noise=alls=7:allf=t,"
        "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p[v]"
    ).format(fps=FPS, d=seconds)
    sample.run(["ffmpeg", "-nostdin", "-y", "-v", "error", "-filter_complex", graph, "-i", str(wav),
                "-map", "[v]", "-map", "0:a", "-c:v", "libx264", "-preset", "fast", "-crf", "23",
                "-g", "60", "-pix_fmt", "yuv420p", *sample.BT709,
                "-c:a", "aac", "-b:a", "96k", "-ac", "1", "-t", str(seconds),
                "-movflags", "+faststart", str(path)])


def ass_time(seconds):
    cs = int(round(seconds * 100))
    return "%d:%02d:%02d.%02d" % (cs // 360000, cs // 6000 % 60, cs // 100 % 60, cs % 100)


def write_ass(path, plan):
    """The captions of `burn-captions plan` (same times, same line breaks) in the tiktok
    preset's look: Noto Sans Bold 64 px, white, black outline, centred on the anchor."""
    head = """[Script Info]
ScriptType: v4.00+
PlayResX: 1080
PlayResY: 1920
WrapStyle: 2
ScaledBorderAndShadow: yes

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,Noto Sans,64,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,6,0,5,120,192,0,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
"""
    lines = []
    for caption in plan["captions"]:
        box = caption["box"]
        x = box["x"] + box["width"] / 2
        y = box["y"] + box["height"] / 2
        text = "\\N".join(line["text"] for line in caption["lines"])
        lines.append("Dialogue: 0,%s,%s,Default,,0,0,0,,{\\pos(%d,%d)}%s"
                     % (ass_time(caption["start"]), ass_time(caption["end"]), x, y, text))
    path.write_text(head + "\n".join(lines) + "\n", encoding="utf-8")


def inputs(seconds):
    """Makes the clip and its captions once; later runs reuse them."""
    BENCH.mkdir(parents=True, exist_ok=True)
    stem = BENCH / ("clip-%ds" % seconds)
    clip, captions, srt, ass = (stem.with_suffix(s) for s in (".mp4", ".json", ".srt", ".ass"))
    if not clip.exists() or not captions.exists():
        log("bench: making %s (%d s)" % (clip.relative_to(REPO), seconds))
        with tempfile.TemporaryDirectory(prefix="bench-") as tmpdir:
            tmp = Path(tmpdir)
            segments, pcm = build_speech(seconds, tmp)
            wav = tmp / "speech.wav"
            sample.write_wav(wav, pcm)
            partial = tmp / "clip.mp4"
            make_clip(partial, wav, seconds)
            sample.write_json(captions, segments)
            sample.write_srt(srt, segments)
            shutil.move(str(partial), clip)
    if not ass.exists():
        write_ass(ass, plan(clip, captions))
    return clip, captions, ass


def repeated(clip, captions, times):
    """`clip` played `times` times in a row (stream copy) with its captions shifted to match."""
    stem = BENCH / ("%s-x%d" % (clip.stem, times))
    long_clip, long_captions = stem.with_suffix(".mp4"), stem.with_suffix(".json")
    if not long_clip.exists():
        with tempfile.TemporaryDirectory(prefix="bench-") as tmpdir:
            listing = Path(tmpdir) / "list.txt"
            listing.write_text("".join("file '%s'\n" % clip for _ in range(times)))
            partial = Path(tmpdir) / "clip.mp4"
            sample.run(["ffmpeg", "-nostdin", "-y", "-v", "error", "-f", "concat", "-safe", "0", "-i",
                        str(listing), "-c", "copy", "-movflags", "+faststart", str(partial)])
            shutil.move(str(partial), long_clip)
    duration = float(sample.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of",
                                 "csv=p=0", str(clip)], capture=True))
    segments = json.loads(captions.read_text())["segments"]
    shift = lambda item, k: dict(item, start=round(item["start"] + k * duration, 3),
                                 end=round(item["end"] + k * duration, 3))
    sample.write_json(long_captions, [
        dict(shift(segment, k), words=[shift(word, k) for word in segment["words"]])
        for k in range(times) for segment in segments])
    return long_clip, long_captions


def hevc10(clip):
    """`clip` re-encoded once as HEVC Main 10 (yuv420p10le) at 8 Mbit/s, audio copied: phone
    footage, the kind of input where one decode for many outputs saves the most. (x265's
    default quality leaves the noisy clip at 0.24 Mbit/s, cheaper to decode than the H.264.)"""
    path = clip.with_name(clip.stem + "-hevc10-8M.mp4")
    if not path.exists():
        log("bench: making %s" % path.relative_to(REPO))
        with tempfile.TemporaryDirectory(prefix="bench-") as tmpdir:
            partial = Path(tmpdir) / "clip.mp4"
            sample.run(["ffmpeg", "-nostdin", "-y", "-v", "error", "-i", str(clip), "-c:v", "libx265", "-preset",
                        "ultrafast", "-b:v", "8M", "-x265-params", "log-level=error", "-pix_fmt", "yuv420p10le",
                        "-tag:v", "hvc1",
                        "-c:a", "copy", str(partial)])
            shutil.move(str(partial), path)
    return path


def cut(clip, seconds):
    """The first `seconds` of `clip` (stream copy): the HEVC rows' input, x265 being slow."""
    path = clip.with_name("%s-first%ds.mp4" % (clip.stem, seconds))
    if not path.exists():
        with tempfile.TemporaryDirectory(prefix="bench-") as tmpdir:
            partial = Path(tmpdir) / "clip.mp4"
            sample.run(["ffmpeg", "-nostdin", "-y", "-v", "error", "-i", str(clip), "-t", str(seconds), "-c", "copy",
                        "-movflags", "+faststart", str(partial)])
            shutil.move(str(partial), path)
    return path


# J's cuts: 13.5 s of the 60 s clip in 8 spans, on frame boundaries at 30 fps.
BENCH_CUTS = [(5.0, 6.5), (12.0, 14.0), (20.0, 21.0), (27.0, 30.0), (35.0, 36.5), (42.0, 44.0), (50.0, 51.0), (55.0, 56.5)]


def cut_inputs(clip, captions):
    """J's cut file, and O's inputs: the kept frames of `clip` as a clip of their own (FFmpeg's
    select by time, x264 crf 18, AAC) and the captions J exports for the cut timeline."""
    cuts = clip.with_name(clip.stem + ".cuts.json")
    kept_clip = clip.with_name(clip.stem + "-kept.mp4")
    kept_captions = clip.with_name(clip.stem + "-kept.json")
    if not (cuts.exists() and kept_clip.exists() and kept_captions.exists()):
        cuts.write_text(json.dumps({"format": "burn-captions cuts", "version": 1, "cuts": [
            {"start": a, "end": b, "reason": "pause", "cut": True} for a, b in BENCH_CUTS]}) + "\n")
        keep = "*".join("not(between(t,%g,%g))" % (a, b - 0.001) for a, b in BENCH_CUTS)
        with tempfile.TemporaryDirectory(prefix="bench-") as tmpdir:
            partial = Path(tmpdir) / "kept.mp4"
            sample.run(["ffmpeg", "-nostdin", "-y", "-v", "error", "-i", str(clip),
                        "-vf", "select='%s',setpts=N/FRAME_RATE/TB" % keep, "-af", "aselect='%s',asetpts=N/SR/TB" % keep,
                        "-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-c:a", "aac", "-movflags", "+faststart",
                        str(partial)])
            shutil.move(str(partial), kept_clip)
            sample.run([str(BIN), str(clip), "--captions", str(captions), "--cuts-file", str(cuts), "--null", "-q",
                        "--export-captions", str(Path(tmpdir) / "kept.json")])
            shutil.move(str(Path(tmpdir) / "kept.json"), kept_captions)
    return cuts, kept_clip, kept_captions


def plan(clip, captions):
    return json.loads(sample.run([str(BIN), "plan", str(clip), "--captions", str(captions), "--preset", "tiktok"],
                                 capture=True))


# --- measuring -------------------------------------------------------------------

def measure(command):
    """Runs `command`; returns wall seconds, CPU seconds (user+system) and peak RSS (MiB)."""
    with tempfile.TemporaryFile() as err:
        start = time.monotonic()
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.monotonic() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            err.seek(0)
            sys.exit("bench: failed (%d): %s\n%s" % (process.returncode, " ".join(command),
                                                      err.read().decode("utf-8", "replace")))
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "rss": usage.ru_maxrss / 1024}


def commands(clip, captions, ass, hevc=None, short=None, cuts=None):
    """Every command by its letter; T and U only with `hevc`, the HEVC Main 10 clip; E and F
    only with `short`, the clip's first seconds; J and O only with `cuts` (`cut_inputs`)."""
    out = BENCH / "out"
    out.mkdir(exist_ok=True)
    preset, crf = X264
    threads = str(os.cpu_count())  # x264 threads, the same for both (burn-captions' default)
    ours = [str(BIN), str(clip), "--captions", str(captions), "--preset", "tiktok", "-q",
            "--x264-preset", preset, "--crf", crf, "--threads", threads]
    ffmpeg = ["ffmpeg", "-nostdin", "-y", "-v", "error", "-i", str(clip)]
    x264 = ["-c:v", "libx264", "-preset", preset, "-crf", crf, "-threads", threads, "-c:a", "copy",
            "-movflags", "+faststart"]
    # The subtitles filter takes a filter-graph path: escape what the graph parser reads.
    subtitles = "subtitles=filename=" + str(ass).replace("\\", "\\\\").replace(":", "\\:").replace("'", "\\'")
    def render(source, presets, output):
        """burn-captions on `source` with one --preset per name, A's other settings."""
        command = [str(BIN), str(source), "--captions", str(captions), "-q", "--x264-preset", preset, "--crf", crf,
                   "--threads", threads]
        return command + [x for name in presets for x in ("--preset", name)] + ["-o", str(output)]

    def together(source, key):
        """One run, one output per platform preset."""
        return render(source, PLATFORMS, out / (key + "-{preset}.mp4"))

    def apart(source, key):
        """The same outputs, one run each, one after another in a shell."""
        runs = [" ".join(shlex.quote(a) for a in render(source, [name], out / ("%s-%s.mp4" % (key, name))))
                for name in PLATFORMS]
        return ["sh", "-c", " && ".join(runs)]

    return {
        "M": together(clip, "M"),
        "S": apart(clip, "S"),
        "T": together(hevc, "T") if hevc else None,
        "U": apart(hevc, "U") if hevc else None,
        # HEVC output: our --crf N is x265's N + 5 (docs/CODECS.md), so F asks x265 for that.
        "E": [str(BIN), str(short), "--captions", str(captions), "--preset", "tiktok", "-q", "--codec", "hevc",
              "--encoder-preset", preset, "--crf", crf, "--threads", threads, "-o", str(out / "E.mp4")] if short else None,
        "F": ["ffmpeg", "-nostdin", "-y", "-v", "error", "-i", str(short), "-map", "0:v", "-map", "0:a", "-c:v", "libx265",
              "-preset", preset, "-crf", str(float(crf) + 5), "-x265-params", "log-level=error", "-threads", threads,
              "-tag:v", "hvc1", "-c:a", "copy", "-movflags", "+faststart", str(out / "F.mp4")] if short else None,
        "A": ours + ["-o", str(out / "A.mp4")],
        "B": ffmpeg + ["-map", "0:v", "-map", "0:a"] + x264 + [str(out / "B.mp4")],
        "C": ffmpeg + ["-map", "0:v", "-map", "0:a", "-vf", subtitles] + x264 + [str(out / "C.mp4")],
        "N": ours + ["--null"],
        "D": ffmpeg + ["-map", "0:v", "-f", "null", "-"],
        "L": ffmpeg + ["-map", "0:v", "-vf", subtitles, "-f", "null", "-"],
        "H": ours + ["--look", "highlight", "-o", str(out / "H.mp4")],
        "P": ours + ["--look", "pop", "-o", str(out / "P.mp4")],
        "I": ours + ["--look", "highlight", "--null"],
        "Q": ours + ["--look", "pop", "--null"],
        "X": ours + ["--look", "popin", "--null"],
        "Y": ours + ["--look", "neon", "--null"],
        "Z": ours + ["--look", "popin", "-o", str(out / "Z.mp4")],
        "G": ours + ["--shot-changes", "auto", "-o", str(out / "G.mp4")],
        # Faces and text in the picture found by the analysis pass (a frame a second at 640
        # pixels wide), then the same render.
        "V": ours + ["--avoid", "faces,text", "-o", str(out / "V.mp4")],
        "K": [str(BIN), "plan", str(clip), "--captions", str(captions), "--preset", "tiktok", "--shot-changes", "auto"],
        "J": ours + ["--cuts-file", str(cuts[0]), "-o", str(out / "J.mp4")] if cuts else None,
        "O": [str(BIN), str(cuts[1]), "--captions", str(cuts[2]), "--preset", "tiktok", "-q", "--x264-preset", preset,
              "--crf", crf, "--threads", threads, "-o", str(out / "O.mp4")] if cuts else None,
        # Recognized captions, each run with an empty transcript cache: --captions auto against
        # transcribe, then a render of what it wrote.
        "R": fresh_cache([str(BIN), str(clip), "--captions", "auto", "--language", "en", "--preset", "tiktok", "-q",
                          "--x264-preset", preset, "--crf", crf, "--threads", threads, "--null"]),
        "W": fresh_cache([str(BIN), "transcribe", str(clip), "--language", "en", "-q", "-o", str(out / "W.json")],
                         ours + ["--captions", str(out / "W.json"), "--null"]),
    }


def fresh_cache(*runs):
    """`runs` one after another in a shell, with a cache of their own whose transcripts are
    removed first (its model stamps stay, as after a user's first run: no run hashes the model)."""
    cache = BENCH / "cache"
    script = "rm -rf %s && " % shlex.quote(str(cache / "transcripts")) + " && ".join(
        "BURN_CAPTIONS_CACHE=%s %s" % (shlex.quote(str(cache)), " ".join(shlex.quote(a) for a in run)) for run in runs)
    return ["sh", "-c", script]


NAMES = {
    "A": "burn-captions",
    "B": "ffmpeg plain transcode",
    "C": "ffmpeg -vf subtitles (libass)",
    "N": "burn-captions --null",
    "D": "ffmpeg -f null (decode only)",
    "L": "ffmpeg -vf subtitles -f null",
    "H": "burn-captions --look highlight",
    "P": "burn-captions --look pop",
    "I": "burn-captions --look highlight --null",
    "Q": "burn-captions --look pop --null",
    "X": "burn-captions --look popin --null",
    "Y": "burn-captions --look neon --null",
    "Z": "burn-captions --look popin",
    "M": "burn-captions, 3 presets from one decode",
    "S": "burn-captions, 3 presets as 3 runs",
    "T": "M on HEVC Main 10 input",
    "U": "S on HEVC Main 10 input",
    "E": "burn-captions --codec hevc (first 15 s)",
    "F": "ffmpeg libx265 transcode (first 15 s)",
    "G": "burn-captions --shot-changes auto",
    "K": "burn-captions plan --shot-changes auto",
    "R": "burn-captions --captions auto --null",
    "W": "burn-captions transcribe, then --null on its JSON",
    "V": "burn-captions --avoid faces,text",
    "J": "burn-captions --cuts-file (8 cuts, 13.5 of 60 s)",
    "O": "burn-captions on the kept frames as a clip (J's length)",
}
RATIOS = [("A/B", "wall"), ("A/C", "wall"), ("N/D", "cpu"), ("L/D", "cpu"), ("N/D", "wall"), ("L/D", "wall"),
          ("H/B", "wall"), ("P/B", "wall"), ("I/D", "cpu"), ("Q/D", "cpu"), ("X/D", "cpu"), ("Y/D", "cpu"), ("Z/B", "wall"), ("M/S", "cpu"), ("M/S", "wall"),
          ("T/U", "cpu"), ("T/U", "wall"), ("E/F", "wall"), ("E/F", "cpu"),
          ("G/A", "cpu"), ("G/A", "wall"), ("K/A", "cpu"), ("R/W", "wall"), ("R/W", "cpu"),
          ("V/A", "cpu"), ("V/A", "wall"), ("J/O", "cpu"), ("J/O", "wall")]
# Renders (encoding) run --rounds times; the rest, --null-rounds.
RENDERS = "ABCHPZMSTUEFGRWVJO"


def frame_count(clip):
    out = sample.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_packets",
                      "-show_entries", "stream=nb_read_packets", "-of", "csv=p=0", str(clip)], capture=True)
    return int(out.strip())


def machine():
    cpu = "unknown CPU"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    memory = 0
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemTotal"):
            memory = int(line.split()[1]) / 1024 / 1024
    version = lambda cmd: sample.run(cmd, capture=True).splitlines()[0].strip()
    ffmpeg = version(["ffmpeg", "-version"])
    ffmpeg = re.sub(r" Copyright.*", "", ffmpeg)
    ours = version([str(BIN), "--version"])
    return "%s, %d cores (os.cpu_count), %.0f GiB; %s %s; %s; %s" % (
        cpu, os.cpu_count(), memory, platform.system(), platform.release(), ffmpeg, ours)


def table(results, frames):
    rows = ["| command | wall s | CPU s | fps | peak RSS MiB |", "|---|---|---|---|---|"]
    for key, name in NAMES.items():
        runs = results[key]
        wall = statistics.median(r["wall"] for r in runs)
        cpu = statistics.median(r["cpu"] for r in runs)
        rss = max(r["rss"] for r in runs)
        rows.append("| %s %s | %.2f | %.2f | %.1f | %.0f |" % (key, name, wall, cpu, frames / wall, rss))
    return "\n".join(rows + [""] + ratio_rows(results))


def ratio_rows(results):
    """The ratios whose two commands ran: median and per round, as Markdown table rows."""
    rows = ["| ratio | median | per round |", "|---|---|---|"]
    for ratio, field in RATIOS:
        top, bottom = ratio.split("/")
        if not results.get(top) or not results.get(bottom):
            continue
        per_round = [a[field] / b[field] for a, b in zip(results[top], results[bottom])]
        rows.append("| %s (%s) | %.3f | %s |" % (ratio, field, statistics.median(per_round),
                                                 " ".join("%.3f" % r for r in per_round)))
    return rows if len(rows) > 2 else []


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds of A, B, C, H and P (about 5 minutes each)")
    parser.add_argument("--null-rounds", type=int, default=11, help="rounds of N, D, L, I and Q (about 40 s each)")
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--no-long", action="store_true", help="skip the 4x longer memory run")
    parser.add_argument("--only", default="ABCNDLHPIQXYZMSTUEFGKRWVJO", help="commands to run (letters)")
    parser.add_argument("--layout-only", action="store_true", help="only the layout and raster micro-benchmark")
    parser.add_argument("--write", help="write the results into this Markdown file")
    parser.add_argument("--recognition-rounds", type=int, default=3,
                        help="rounds of scripts/bench-recognition.py (0: skip it)")
    parser.add_argument("--long-audio-minutes", type=float, default=120,
                        help="minutes of audio scripts/bench-long-audio.py transcribes (0: skip it)")
    options = parser.parse_args()
    layout = layout_bench()
    print(layout)
    if options.write:
        replace_section(Path(options.write), "bench-layout", "\n".join([
            "Measured %s on: %s." % (time.strftime("%Y-%m-%d"), machine()), "", "```", layout, "```"]))
    if options.layout_only:
        return
    if not BIN.exists():
        sys.exit("bench: %s is missing; run make build first" % BIN)
    sample.check_tools()

    clip, captions, ass = inputs(options.seconds)
    frames = frame_count(clip)
    order = [k for k in "ABCNDLHPIQXYZMSTUEFGKRWVJO" if k in options.only]
    runs = commands(clip, captions, ass, hevc10(clip) if set("TU") & set(order) else None,
                    cut(clip, 15) if set("EF") & set(order) else None,
                    cut_inputs(clip, captions) if set("JO") & set(order) else None)
    results = {k: [] for k in order}
    for round_index in range(max(options.rounds, options.null_rounds)):
        keys = [k for k in order if round_index < (options.rounds if k in RENDERS else options.null_rounds)]
        if not keys:  # a partial run (--only) of renders alone has no null rounds after them
            break
        shift = round_index % len(keys)
        for key in keys[shift:] + keys[:shift]:
            result = measure(runs[key])
            results[key].append(result)
            log("round %d %s: %.2f s wall, %.2f s CPU, %.0f MiB" % (round_index + 1, key, result["wall"],
                                                                      result["cpu"], result["rss"]))
    if set(order) == set(NAMES):
        text = table(results, frames)
    else:  # a partial run (--only): each command's medians, and the ratios it allows
        text = "\n".join(["%s: %.2f s wall, %.2f s CPU, %.0f MiB" % (
            k, statistics.median(r["wall"] for r in runs), statistics.median(r["cpu"] for r in runs),
            max(r["rss"] for r in runs)) for k, runs in results.items()] + [""] + ratio_rows(results))

    memory = ""
    if not options.no_long and "A" in order:
        long_clip, long_captions = repeated(clip, captions, 4)
        long_run = measure(commands(long_clip, long_captions, ass)["A"])
        short_rss = max(r["rss"] for r in results["A"])
        memory = ("Peak RSS of A: %.0f MiB on the %d s clip, %.0f MiB on the %d s clip (%+.1f %%)."
                  % (short_rss, options.seconds, long_run["rss"], options.seconds * 4,
                     100 * (long_run["rss"] / short_rss - 1)))
    print(text)
    if memory:
        print("\n" + memory)
    if options.write:
        write_report(Path(options.write), text, memory, frames, options)
    if options.recognition_rounds > 0:
        recognition = recognition_bench(options.recognition_rounds)
        print(recognition)
        if options.write:
            replace_section(Path(options.write), "bench-recognition", "\n".join([
                "Measured %s on: %s." % (time.strftime("%Y-%m-%d"), machine()), "", "```", recognition, "```"]))
    if options.long_audio_minutes > 0:
        long_audio = long_audio_bench(options.long_audio_minutes)
        print(long_audio)
        if options.write:
            replace_section(Path(options.write), "bench-long-audio", "\n".join([
                "Measured %s on: %s." % (time.strftime("%Y-%m-%d"), machine()), "", "```", long_audio, "```"]))


# The bound docs/RECOGNIZER.md states for transcribing any length ("Long recordings"): the
# parent's and the child's resident memory together, at their peak. // MiB
LONG_AUDIO_LIMIT_MIB = 1536


def long_audio_bench(minutes):
    """scripts/bench-long-audio.py with the release binary: `transcribe` of `minutes` of speech
    and pauses with base, the peak RSS of burn-captions and the recognizer together; the bench
    fails when it passes LONG_AUDIO_LIMIT_MIB."""
    command = [sys.executable, str(REPO / "scripts/bench-long-audio.py"), str(minutes), "--binary", str(BIN),
               "--limit-mib", str(LONG_AUDIO_LIMIT_MIB)]
    log("bench: " + " ".join(command))
    done = subprocess.run(command, stdout=subprocess.PIPE, text=True)
    if done.returncode != 0:
        sys.exit("bench: bench-long-audio.py failed (exit %d) after:\n%s" % (done.returncode, done.stdout[-4000:]))
    return done.stdout.rstrip()


def recognition_bench(rounds):
    """scripts/bench-recognition.py with the release binary: per language and condition, our
    WER/CER, word-start errors and CPU per audio second beside whisper-ctranslate2's and the
    raw engine's, the real-time factors, the nothing-invented clips and language detection."""
    command = [sys.executable, str(REPO / "scripts/bench-recognition.py"), "--rounds", str(rounds), "--binary", str(BIN)]
    log("bench: " + " ".join(command))
    # Its round-by-round lines go to the terminal as they come (stderr is not captured), and a
    # failure shows what it printed.
    done = subprocess.run(command, stdout=subprocess.PIPE, text=True)
    if done.returncode != 0:
        sys.exit("bench: bench-recognition.py failed (exit %d) after:\n%s" % (done.returncode, done.stdout[-4000:]))
    return done.stdout.rstrip()


def layout_bench():
    """The output of LayoutBench (layout and rasterization per caption, release build)."""
    binary = REPO / ".build" / "release" / "LayoutBench"
    if not binary.exists():
        sys.exit("bench: %s is missing; run make bench-layout first" % binary)
    return sample.run([str(binary)], capture=True).strip()


def replace_section(path, name, body):
    """Replaces what stands between `<!-- NAME:begin -->` and `<!-- NAME:end -->` in `path`."""
    begin, end = "<!-- %s:begin -->" % name, "<!-- %s:end -->" % name
    old = path.read_text() if path.exists() else ""
    block = begin + "\n" + body + "\n" + end
    if begin in old and end in old:
        new = old[:old.index(begin)] + block + old[old.index(end) + len(end):]
    else:
        new = old + ("\n" if old else "") + block + "\n"
    path.write_text(new)
    log("bench: wrote %s (%s)" % (path, name))


def write_report(path, text, memory, frames, options):
    """Replaces the generated part of `path` (between the markers) with this run's results."""
    body = "\n".join([
        "Measured %s on: %s." % (time.strftime("%Y-%m-%d"), machine()),
        "",
        "Clip: %d s, 1080x1920, %d frames at 30 fps, %d caption segments; x264 %s crf %s with %d threads "
        "for the renders; %d rounds of A, B, C, H and P, %d of N, D, L, I and Q." % (options.seconds, frames, len(json.loads(
            (BENCH / ("clip-%ds.json" % options.seconds)).read_text())["segments"]), X264[0], X264[1],
            os.cpu_count(), options.rounds, options.null_rounds),
        "",
        text,
        "",
        memory,
    ])
    replace_section(path, "bench", body)


if __name__ == "__main__":
    main()
