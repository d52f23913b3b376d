#!/usr/bin/env python3
"""Regenerate the committed sample media in Samples/.

Usage (from the repository root):

    python3 scripts/make-sample.py

Needs espeak-ng, sox (sox + soxi) and ffmpeg/ffprobe (Debian 12: ffmpeg 5.1 with
libx264, libx265 and the native aac encoder). Python standard library only.

Creates:
  Samples/talk.mp4              1080x1920 30 fps H.264 + AAC mono speech (espeak-ng)
  Samples/talk.json             word-timed captions in burn-captions' native format
  Samples/talk.srt              the same segments as SRT
  Samples/phone-hevc10-rot90.mp4  1920x1080 HEVC Main 10 stored, display matrix
                                  rotates it to an upright 1080x1920 picture

Timings are exact by construction: every word is synthesized on its own,
trimmed of silence, and placed at a known sample offset in the audio track.
The output is deterministic as far as the tools allow (espeak-ng and sox are
bit-exact; ffmpeg runs with bitexact flags and no metadata).
"""

import json
import math
import shutil
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SAMPLES = REPO / "Samples"

# --- the little script -------------------------------------------------------
# Each phrase becomes one caption segment; keep phrases short (single-line layout).
PHRASES = [
    "Captions that pop",
    "on TikTok, Reels, Shorts.",
    "Burned right in.",
    "Save 5% on $20 plans",
    "from 10:30 today.",
    "Press play!",
    "Have fun!",
]

VOICE = "en-us"
SPEED_WPM = 175          # isolated words are slow; 175 keeps the clip under 16 s
RATE = 48000                # audio sample rate of the final track
FPS = 30
SAMPLES_PER_FRAME = RATE // FPS
FIRST_WORD_MS = 500         # first word starts here
WORD_GAP_MS = 80            # silence between words inside a phrase
PHRASE_GAP_MS = 450         # silence between phrases
TAIL_MS = 700               # minimum silence after the last word
MIN_SECONDS, MAX_SECONDS = 12.0, 16.0

BITEXACT = ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact",
            "-map_metadata", "-1", "-map_chapters", "-1"]
BT709 = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
         "-color_range", "tv"]


def run(cmd, capture=False):
    """Run a command, fail loudly. Returns stdout (str) when capture=True."""
    res = subprocess.run(cmd, check=False, stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    if res.returncode != 0:
        sys.stderr.write("command failed: " + " ".join(map(str, cmd)) + "\n")
        sys.stderr.write(res.stderr.decode("utf-8", "replace"))
        sys.exit(1)
    return res.stdout.decode("utf-8") if capture else None


def run_bytes(cmd):
    res = subprocess.run(cmd, check=False, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if res.returncode != 0:
        sys.stderr.write("command failed: " + " ".join(map(str, cmd)) + "\n")
        sys.stderr.write(res.stderr.decode("utf-8", "replace"))
        sys.exit(1)
    return res.stdout


def check_tools():
    missing = [t for t in ("espeak-ng", "sox", "soxi", "ffmpeg", "ffprobe") if shutil.which(t) is None]
    if missing:
        sys.exit("make-sample: missing tools: %s (apt-get install espeak-ng sox ffmpeg)" % ", ".join(missing))


# --- speech ------------------------------------------------------------------

def spoken_form(word):
    """What espeak-ng reads: the shown word minus trailing punctuation ("Shorts." -> "Shorts")."""
    return word.rstrip(",.;:!?")


def synth_word(word, tmp, cache):
    """Synthesize one word, trim silence, resample to 48 kHz mono 16-bit.

    Returns the raw little-endian PCM bytes."""
    text = spoken_form(word)
    if text in cache:
        return cache[text]
    idx = len(cache)
    raw = tmp / ("w%02d-raw.wav" % idx)
    trimmed = tmp / ("w%02d.wav" % idx)
    run(["espeak-ng", "-v", VOICE, "-s", str(SPEED_WPM), "-w", str(raw), text])
    # -D: no dither (keeps sox output repeatable). Trim leading silence, then
    # trailing silence via reverse/trim/reverse.
    run(["sox", "-D", str(raw), "-r", str(RATE), "-c", "1", "-b", "16", str(trimmed),
         "silence", "1", "0.005", "0.3%", "reverse", "silence", "1", "0.005", "0.3%", "reverse"])
    measured = float(run(["soxi", "-D", str(trimmed)], capture=True).strip())
    with wave.open(str(trimmed), "rb") as w:
        assert w.getframerate() == RATE and w.getnchannels() == 1 and w.getsampwidth() == 2
        pcm = w.readframes(w.getnframes())
    n = len(pcm) // 2
    if abs(measured - n / RATE) > 0.001:
        sys.exit("make-sample: soxi -D (%s) disagrees with sample count for %r" % (measured, word))
    cache[text] = pcm
    return pcm


def build_speech(tmp):
    """Lay out all words on a timeline. Returns (segments, pcm bytes, total_frames)."""
    cache = {}
    placed = []          # (start_sample, pcm)
    segments = []
    cursor_ms = FIRST_WORD_MS
    for p_idx, phrase in enumerate(PHRASES):
        if len(phrase) > 28:
            sys.exit("make-sample: phrase too long for a single line: %r" % phrase)
        if p_idx > 0:
            cursor_ms += PHRASE_GAP_MS
        words = []
        for w_idx, word in enumerate(phrase.split()):
            if w_idx > 0:
                cursor_ms += WORD_GAP_MS
            pcm = synth_word(word, tmp, cache)
            start_sample = cursor_ms * RATE // 1000
            end_sample = start_sample + len(pcm) // 2
            placed.append((start_sample, pcm))
            words.append({"text": word,
                          "start": round(start_sample / RATE, 3),
                          "end": round(end_sample / RATE, 3)})
            cursor_ms = -(-end_sample * 1000 // RATE)     # ceil to the next millisecond
        segments.append({"start": words[0]["start"], "end": words[-1]["end"],
                         "text": phrase, "words": words})

    last_end_sample = max(s + len(p) // 2 for s, p in placed)
    total_frames = -(-(last_end_sample + TAIL_MS * RATE // 1000) // SAMPLES_PER_FRAME)
    total_samples = total_frames * SAMPLES_PER_FRAME
    seconds = total_samples / RATE
    if not (MIN_SECONDS <= seconds <= MAX_SECONDS):
        sys.exit("make-sample: speech is %.3f s, want %.0f-%.0f s; adjust PHRASES" %
                 (seconds, MIN_SECONDS, MAX_SECONDS))

    buf = bytearray(total_samples * 2)
    for start, pcm in placed:
        buf[start * 2:start * 2 + len(pcm)] = pcm
    return segments, bytes(buf), total_frames


def write_wav(path, pcm):
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm)


# --- captions ----------------------------------------------------------------

def write_json(path, segments):
    """Pretty JSON with one word object per line (stable, diff-friendly)."""
    dump = lambda v: json.dumps(v, ensure_ascii=False)
    segs = []
    for seg in segments:
        words = ",\n".join("        " + dump(w) for w in seg["words"])
        segs.append("    {\n"
                    '      "start": %s, "end": %s, "text": %s,\n'
                    '      "words": [\n%s\n      ]\n'
                    "    }" % (dump(seg["start"]), dump(seg["end"]), dump(seg["text"]), words))
    text = '{\n  "language": "en",\n  "segments": [\n' + ",\n".join(segs) + "\n  ]\n}\n"
    doc = {"language": "en", "segments": segments}
    assert json.loads(text) == doc
    path.write_text(text, encoding="utf-8", newline="\n")


def srt_time(seconds):
    ms = int(round(seconds * 1000))
    h, ms = divmod(ms, 3600_000)
    m, ms = divmod(ms, 60_000)
    s, ms = divmod(ms, 1000)
    return "%02d:%02d:%02d,%03d" % (h, m, s, ms)


def write_srt(path, segments):
    cues = []
    for i, seg in enumerate(segments, 1):
        cues.append("%d\n%s --> %s\n%s\n" % (i, srt_time(seg["start"]), srt_time(seg["end"]), seg["text"]))
    path.write_text("\n".join(cues), encoding="utf-8", newline="\n")


# --- video -------------------------------------------------------------------

def make_talk(path, wav, total_frames):
    """Moving soft gradient + a drifting soft light blob, no text."""
    seconds = total_frames / FPS + 1  # sources run a bit longer; trim cuts exactly
    graph = (
        "gradients=s=1080x1920:r=30:d={d}:seed=20240611:speed=0.004:nb_colors=4"
        ":c0=0x1d2b64:c1=0x5b3f8c:c2=0xd96c75:c3=0x2f8f9d"
        ":x0=0:y0=0:x1=1080:y1=1920,format=gbrp[bg];"
        "color=c=black:s=480x480:r=30:d={d},format=rgba,"
        "geq=r=255:g=236:b=214:a='200*pow(max(0\\,1-hypot(X-240\\,Y-240)/240)\\,2)'[blob];"
        "[bg][blob]overlay=format=gbrp:eval=frame"
        ":x='300+260*sin(2*PI*t/11)':y='720+520*sin(2*PI*t/7.5+0.6)',"
        "trim=end_frame={n},setpts=PTS-STARTPTS,"
        "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p[v]"
    ).format(d="%.3f" % seconds, n=total_frames)
    run(["ffmpeg", "-nostdin", "-y", "-v", "error",
         "-filter_complex", graph, "-i", str(wav),
         "-map", "[v]", "-map", "0:a",
         "-c:v", "libx264", "-preset", "slow", "-crf", "30", "-profile:v", "high",
         "-pix_fmt", "yuv420p", "-g", "60", "-r", str(FPS), "-fps_mode", "cfr",
         *BT709,
         "-c:a", "aac", "-b:a", "64k", "-ac", "1", "-ar", str(RATE),
         "-movflags", "+faststart", *BITEXACT, str(path)])


# Upright picture of the phone clip (1080x1920): red square top-left, blue bottom-right.
RED_BOX = (40, 40, 200, 200)                      # x, y, w, h in the upright frame
BLUE_BOX = (1080 - 240, 1920 - 240, 200, 200)
# The upright picture is turned 90 degrees counter-clockwise into 1920x1080 storage;
# the display matrix (rotate=90: "turn 90 degrees clockwise to display") undoes it.
STORE_TRANSPOSE = "cclock"
ROTATE_TAG = "270"
PHONE_SECONDS = 2


def make_phone(path, tmp):
    rx, ry, rw, rh = RED_BOX
    bx, by, bw, bh = BLUE_BOX
    graph = (
        "color=c=0x808080:s=1080x1920:r=30:d=3,format=gbrp,"
        "drawbox=x={rx}:y={ry}:w={rw}:h={rh}:color=0xFF0000:t=fill,"
        "drawbox=x={bx}:y={by}:w={bw}:h={bh}:color=0x0000FF:t=fill,"
        "trim=end_frame={n},setpts=PTS-STARTPTS,"
        "transpose={tr},scale=out_color_matrix=bt709:out_range=tv,format=yuv420p10le[v];"
        "sine=frequency=440:sample_rate=48000:d=3,volume=0.3,"
        "atrim=end_sample={ns},asetpts=PTS-STARTPTS[a]"
    ).format(rx=rx, ry=ry, rw=rw, rh=rh, bx=bx, by=by, bw=bw, bh=bh, tr=STORE_TRANSPOSE,
             n=PHONE_SECONDS * FPS, ns=PHONE_SECONDS * 48000)
    encoded = tmp / "phone-unrotated.mp4"
    run(["ffmpeg", "-nostdin", "-y", "-v", "error", "-filter_complex", graph,
         "-map", "[v]", "-map", "[a]",
         "-c:v", "libx265", "-preset", "medium", "-crf", "28", "-profile:v", "main10",
         "-x265-params", "log-level=error", "-pix_fmt", "yuv420p10le", "-tag:v", "hvc1",
         *BT709,
         "-c:a", "aac", "-b:a", "48k", "-ac", "1", "-ar", "48000",
         *BITEXACT, str(encoded)])
    # ffmpeg 5.1 drops a "rotate" tag given while encoding from a lavfi source, but
    # honours it when stream-copying: the mp4 muxer turns it into the tkhd display matrix.
    run(["ffmpeg", "-nostdin", "-y", "-v", "error", "-i", str(encoded), "-map", "0", "-c", "copy",
         "-metadata:s:v:0", "rotate=" + ROTATE_TAG,
         "-movflags", "+faststart", *BITEXACT, str(path)])


# --- verification --------------------------------------------------------------

def ffprobe_json(path, *extra):
    out = run(["ffprobe", "-v", "error", "-of", "json", "-show_streams", "-show_format",
               *extra, str(path)], capture=True)
    return json.loads(out)


def fail(msg):
    sys.exit("make-sample: verification failed: " + msg)


def verify_talk(path, total_frames):
    info = ffprobe_json(path, "-count_frames")
    v = next(s for s in info["streams"] if s["codec_type"] == "video")
    a = next(s for s in info["streams"] if s["codec_type"] == "audio")
    expect = {"codec_name": "h264", "width": 1080, "height": 1920, "pix_fmt": "yuv420p",
              "color_space": "bt709", "color_primaries": "bt709", "color_transfer": "bt709",
              "color_range": "tv", "r_frame_rate": "30/1", "avg_frame_rate": "30/1"}
    for k, want in expect.items():
        if v.get(k) != want:
            fail("talk.mp4 video %s = %r, want %r" % (k, v.get(k), want))
    if int(v["nb_read_frames"]) != total_frames:
        fail("talk.mp4 has %s frames, want %d" % (v["nb_read_frames"], total_frames))
    if (a["codec_name"], a["channels"], a["sample_rate"]) != ("aac", 1, "48000"):
        fail("talk.mp4 audio is %s/%s ch/%s Hz" % (a["codec_name"], a["channels"], a["sample_rate"]))
    vd, ad = float(v["duration"]), float(a["duration"])
    if abs(vd - total_frames / FPS) > 1e-3 or abs(vd - ad) > 1.0 / FPS:
        fail("talk.mp4 durations video %.3f audio %.3f, want %.3f" % (vd, ad, total_frames / FPS))
    return vd, ad, int(v["nb_read_frames"])


def rgb_at(frame, width, x, y):
    i = (y * width + x) * 3
    return tuple(frame[i:i + 3])


def verify_phone(path):
    info = ffprobe_json(path)
    v = next(s for s in info["streams"] if s["codec_type"] == "video")
    if (v["codec_name"], v["profile"], v["pix_fmt"], v["width"], v["height"], v.get("codec_tag_string")) != \
            ("hevc", "Main 10", "yuv420p10le", 1920, 1080, "hvc1"):
        fail("phone clip stream: %s %s %s %sx%s %s" % (v["codec_name"], v.get("profile"), v["pix_fmt"],
                                                      v["width"], v["height"], v.get("codec_tag_string")))
    rotation = None
    for sd in v.get("side_data_list", []):
        if sd.get("side_data_type") == "Display Matrix":
            rotation = sd.get("rotation")
    if rotation is None or abs(abs(float(rotation)) - 90) > 0.01:
        fail("phone clip display matrix rotation = %r" % rotation)

    # Decode the first frame the way players do (ffmpeg autorotates by default).
    frame = run_bytes(["ffmpeg", "-nostdin", "-v", "error", "-i", str(path), "-frames:v", "1",
                       "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
    if len(frame) != 1080 * 1920 * 3:
        fail("autorotated frame is %d bytes, want 1080x1920 rgb24" % len(frame))

    def near(px, want, tol=24):
        return all(abs(p - q) <= tol for p, q in zip(px, want))

    checks = [((140, 140), (255, 0, 0), "red square centre (top-left)"),
              ((45, 45), (255, 0, 0), "red square inner corner"),
              ((940, 1780), (0, 0, 255), "blue square centre (bottom-right)"),
              ((540, 960), (128, 128, 128), "gray centre"),
              ((940, 140), (128, 128, 128), "gray top-right"),
              ((140, 1780), (128, 128, 128), "gray bottom-left"),
              ((10, 10), (128, 128, 128), "gray outside the red square")]
    for (x, y), want, what in checks:
        px = rgb_at(frame, 1080, x, y)
        if not near(px, want):
            fail("upright frame %s at (%d,%d) is %r, want ~%r" % (what, x, y, px, want))
    return rotation


# --- main ----------------------------------------------------------------------

def main():
    check_tools()
    SAMPLES.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="make-sample-") as tmpdir:
        tmp = Path(tmpdir)
        segments, pcm, total_frames = build_speech(tmp)
        wav = tmp / "speech.wav"
        write_wav(wav, pcm)
        make_talk(SAMPLES / "talk.mp4", wav, total_frames)
        make_phone(SAMPLES / "phone-hevc10-rot90.mp4", tmp)
    write_json(SAMPLES / "talk.json", segments)
    write_srt(SAMPLES / "talk.srt", segments)

    vd, ad, frames = verify_talk(SAMPLES / "talk.mp4", total_frames)
    rotation = verify_phone(SAMPLES / "phone-hevc10-rot90.mp4")

    print("talk.mp4: %d frames, video %.3f s, audio %.3f s" % (frames, vd, ad))
    print("phone-hevc10-rot90.mp4: stored 1920x1080, transpose=%s, rotate=%s, display matrix rotation %s"
          % (STORE_TRANSPOSE, ROTATE_TAG, rotation))
    for seg in segments:
        print("  %6.3f-%6.3f  %s" % (seg["start"], seg["end"], seg["text"]))
    for name in ("talk.mp4", "talk.json", "talk.srt", "phone-hevc10-rot90.mp4"):
        print("%-24s %9d bytes" % (name, (SAMPLES / name).stat().st_size))


if __name__ == "__main__":
    main()
