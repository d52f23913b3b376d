#!/usr/bin/env python3
"""Raw takes with planted retakes, pauses and fillers, for the cut planner (issue 60).

Usage:

    python3 scripts/make-takes.py OUT_DIR                    # every clip
    python3 scripts/make-takes.py OUT_DIR --only bread,bike  # some clips (a comma list)
    python3 scripts/make-takes.py OUT_DIR --conditions clean # without the noise and music copies
    python3 scripts/make-takes.py --list                     # the clip names

One speaker (espeak-ng en-us, as scripts/make-speech.py makes it) reads a short script of our
own, the way a person records a take: restarting words ("so we, so we start"), abandoning a
sentence after a few words and starting it again, saying a whole sentence twice (the last take
is the keeper), saying it again in other words (a reworded retake: flagged, never cut), pausing
too long and saying "um" and "uh". Every clip NAME gives

  NAME.wav, NAME.noise.wav, NAME.music.wav   16 kHz mono: clean, + pink noise at 10 dB SNR,
                                             + synthesized chords 10 dB below the speech
  NAME.mp4, NAME.noise.mp4, NAME.music.mp4   a still picture (1280x720, 30 fps) with that audio
                                             as AAC
  NAME.script.txt   what the speaker meant to say, one sentence a line (for a reworded retake,
                    the final wording)
  NAME.json         the truth (below)
  NAME.words.json   the transcript as Whisper would give it, in burn-captions' native JSON
                    (docs/CAPTIONS.md): one segment per sentence as spoken (a restart inside its
                    sentence, an abandoned or repeated take a segment of its own), the words'
                    times from the truth, and no fillers (Whisper drops most of them: the
                    planner must find them in the audio)

and the clip named in SCREEN also gives NAME-screen.mp4 (clean audio) whose picture moves
(ffmpeg's testsrc2) during its 4 s pause only (the frames from round(start x 30) to
round(end x 30); truth "screen": {"video", "moving": [start, end]}): a pause over a moving picture is not to be
shortened unless `--cut-pauses always`.

The truth, NAME.json: "words", every sound spoken, in time order, with "start" and "end"
(seconds, exact to the sample: integer samples / 16000), "take" ("final": a word of the
script's take; "cut": a word of a restart, an abandoned take or a repeated take), "sentence"
(1-based in NAME.script.txt), "filler": true for a filler, and "event" (the index of its
event) for the words of a restart or an earlier take. "events", each planted event with "kind"
(restart, retake-phrase, retake-sentence, pause, filler), "sentence", "text", and "span":
what a perfect planner removes, [start, end] in seconds (null when nothing is to be removed):

  restart, retake-phrase, retake-sentence:  [a - d, f - d], a the start of the earlier take's
      first word, f the start of the final take's first word, d = min(0.1 s, half the silence
      before a). The earlier take and the silence after it go; the silence the speaker left
      before the earlier take stays as the pause before the final take, and neither edge comes
      within 20 ms of a word. Retakes carry "reworded" (true: the second take changes words;
      a planner flags it and cuts nothing; its span is then what a person would cut).
  filler:  the filler's sound, [start, end].
  pause:   "length" (the planted silence), "kept" (0.3 s, or 0.5 s after a full stop; 0.2 s for
      the head and tail silence, "where": head, mid or tail), "silence" [start, end] and span
      [start + kept/2, end - kept/2] (the middle removed), or null for a 0.3 s pause, which is
      left alone.

How it is made: each word is spoken by espeak-ng on its own and trimmed where its 5 ms RMS
envelope crosses 40 dB under its peak (make-speech.py's Voice, imported); words are joined
with 60-140 ms gaps inside a sentence and 450-700 ms between sentences; a restart is followed
by 150-450 ms, an abandoned or repeated take by 0.9-1.8 s of silence. The planted pauses are
exact silences of 0.3, 0.8, 1.5 and 4 s. The head is 1.0 s and the tail 1.4 s of silence.

Fillers are the same voice given phonemes (espeak-ng's [[...]] input, checked with
`espeak-ng -v en-us -x "um uh"`, which spells them 'Vm and 'V): "um" is [[Vm]] at 120-170
words a minute, "uh" is [[@@]] (a long schwa) at 95-130, and the lengthened "ummm" is [[@@m]]
at 75-95, all 20% lower in pitch (-p 40, a hesitation), trimmed like a word, kept within
250-700 ms (the speed stepped by 10 until it is), and scaled to the RMS of the two words before
and the two after it, plus -3 to +1 dB (each filler's level against them is in the truth as
"level_db"; it must stay within 6 dB). Fillers stand between two words with an ordinary gap on
either side.

The noise and music copies use make-speech.py's pink_noise (made at the next length whose
prime factors are 2, 3 and 5, for a fast FFT, and cut to the clip), chords and mix against the
speech's RMS over its words. Every choice comes from a generator seeded by the clip's name; the
output is the same on every run with the same espeak-ng (1.51 here), numpy and ffmpeg, and
nothing is downloaded.
"""

import argparse
import importlib.util
import json
import math
import random
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("make_speech", REPO / "scripts" / "make-speech.py")
ms = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ms)

RATE = ms.RATE
VOICE = "en-us"
SPEED = 180
HEAD_SECONDS = 1.0
TAIL_SECONDS = 1.4
WORD_GAP = ms.WORD_GAP
SENTENCE_GAP = ms.PHRASE_GAP
RESTART_GAP = (0.15, 0.45)
RETAKE_GAP = (0.9, 1.8)
KEPT_PAUSE = 0.3
KEPT_PAUSE_AFTER_STOP = 0.5
KEPT_EDGE = 0.2
FILLER_SECONDS = (0.25, 0.70)
FILLERS = {"um": ("[[Vm]]", (120, 170)), "uh": ("[[@@]]", (95, 130)), "ummm": ("[[@@m]]", (75, 95))}
FILLER_PITCH = 40
SIZE = (1280, 720)
FPS = 30
SCREEN = "studio"
CONDITIONS = {"clean": "", "noise": ".noise", "music": ".music"}

# The scripts. A sentence is its final text and the events planted in it:
#   restart [k, n]        words k..k+n-1 said, then said again from word k
#   fillers {k: kind}     a filler before word k
#   pauses {k: seconds}   a planted silence before word k (inside the sentence)
#   after seconds         a planted silence after the sentence (before the next)
#   retake "phrase:n"     the sentence begun, abandoned after n words, then said in full
#   retake "sentence"     the sentence said in full twice
#   reworded TEXT         the sentence first said as TEXT, then as its final text
# A planted pause never stands right before a retake or a restart (their cuts would share it).
CLIPS = [
    {"name": "bread", "picture": "0x3a2a1a", "sentences": [
        {"text": "Today I want to show you how I bake bread at home."},
        {"text": "You only need flour, water, salt and a little yeast.", "fillers": {5: "um"}},
        {"text": "So we start by mixing the flour and the water in a large bowl.", "restart": [0, 2], "after": 0.8},
        {"text": "Leave the dough alone for half an hour before you add the salt."},
        {"text": "Then fold it over itself a few times with wet hands.", "retake": "phrase:4"},
        {"text": "The dough should feel soft and a bit sticky.", "pauses": {5: 0.3}},
        {"text": "Cover the bowl and let it rise slowly in the fridge overnight.", "retake": "sentence"},
        {"text": "In the morning it has grown to about twice its size.", "fillers": {6: "uh"}},
        {"text": "Shape it gently into a round loaf on a floured board.",
         "reworded": "Shape it into a ball on the table."},
        {"text": "Bake it in a very hot oven for about forty minutes.", "pauses": {6: 4.0}, "after": 1.5},
        {"text": "Let the loaf cool completely before you cut the first slice.", "fillers": {4: "ummm"}},
    ]},
    {"name": "bike", "picture": "0x1f3550", "sentences": [
        {"text": "A flat tire is the most common problem on a bike ride."},
        {"text": "First take the wheel off the frame and let out the last air.", "after": 0.3},
        {"text": "Use two plastic levers to lift the tire away from the rim.", "fillers": {4: "uh"}},
        {"text": "Pull the old tube out and look for the hole.", "restart": [2, 1]},
        {"text": "Run your fingers slowly around the inside of the tire.", "retake": "sentence"},
        {"text": "Often a small piece of glass is still stuck in the rubber.", "pauses": {6: 1.5}},
        {"text": "Put a little air into the new tube so it keeps its shape.",
         "reworded": "Put the new tube in right away.", "after": 4.0},
        {"text": "Push the tire back onto the rim with your thumbs.", "fillers": {3: "um"}},
        {"text": "Check that the tube is not pinched anywhere along the edge.", "retake": "phrase:3"},
        {"text": "Now pump it up to the pressure printed on the side.", "pauses": {5: 0.8}},
        {"text": "That is all it takes to get you rolling again.", "fillers": {5: "ummm"}},
    ]},
    {"name": "garden", "picture": "0x24452a", "sentences": [
        {"text": "Tomatoes grow very well on a sunny balcony."},
        {"text": "Choose a deep pot with holes in the bottom for the water.", "fillers": {3: "um"}},
        {"text": "Fill it with fresh soil and a handful of compost.", "retake": "phrase:2"},
        {"text": "Plant the young tomato a little deeper than it was before."},
        {"text": "The buried stem will grow new roots within a week.", "restart": [0, 3]},
        {"text": "Water the plant in the morning and never at night.", "pauses": {4: 0.8}, "after": 1.5},
        {"text": "Tie the main stem to a stick as it gets taller.", "fillers": {5: "uh"}},
        {"text": "Pinch off the small side shoots that grow between the leaves.", "retake": "sentence"},
        {"text": "After about two months the first green fruit appears.", "after": 0.3},
        {"text": "Pick them when they are red and slightly soft.", "fillers": {4: "ummm"}},
    ]},
    {"name": "studio", "picture": "0x402050", "sentences": [
        {"text": "In this video I will show you how I edit my short clips."},
        {"text": "I record everything in one long take on my phone.", "restart": [1, 1]},
        {"text": "Then I copy the file over to my laptop.", "fillers": {4: "um"}},
        {"text": "Cutting out the mistakes by hand takes a long time.",
         "reworded": "Doing all that by hand is slow."},
        {"text": "I listen for the places where I started a sentence again.", "retake": "phrase:5"},
        {"text": "The long silences between my sentences go as well.", "pauses": {3: 4.0}, "after": 0.8},
        {"text": "After that I add the captions and pick a style.", "fillers": {5: "uh"}},
        {"text": "Short lines with a few words each are easier to read.", "retake": "sentence"},
        {"text": "Finally I export the video in the tall format.", "after": 0.3},
        {"text": "The whole edit is now done in a quarter of an hour.", "fillers": {6: "ummm"}},
    ]},
    {"name": "hike", "picture": "0x504020", "sentences": [
        {"text": "We are planning a day hike up to the lake."},
        {"text": "The trail starts at the old mill near the village.", "pauses": {5: 0.3}},
        {"text": "It climbs through the forest for the first two hours.", "fillers": {3: "uh"}},
        {"text": "Bring enough water because there is no spring on the way.", "retake": "phrase:3"},
        {"text": "A warm jacket helps when the wind picks up at the top.", "after": 1.5},
        {"text": "We usually stop for lunch on the flat rocks by the shore.", "restart": [4, 4]},
        {"text": "The way down is steep, so take your time.", "retake": "sentence"},
        {"text": "Good boots make a big difference on the loose stones.", "fillers": {2: "um"}, "pauses": {6: 0.8}},
        {"text": "Plan to be back at the car before it gets dark.", "fillers": {5: "ummm"}},
    ]},
]
QUICK = ["bread", "bike"]


def bare(word):
    return word.strip(".,;:!?")


def samples(seconds):
    return int(round(seconds * RATE))


class Builder:
    """Appends silences and sounds, keeping the sample position, the words and the events."""

    def __init__(self, voice, rng):
        self.voice, self.rng = voice, rng
        self.pieces, self.at = [], 0
        self.words, self.events = [], []

    def silence(self, seconds):
        n = samples(seconds)
        self.pieces.append(np.zeros(n))
        self.at += n
        return n

    def gap(self, bounds):
        return self.silence(self.rng.uniform(*bounds))

    def say(self, shown, sentence, take, event=None):
        audio = self.voice.word(VOICE, SPEED, bare(shown).lower() if shown != "I" else "I")
        return self.sound(audio, shown, sentence, take, event)

    def sound(self, audio, shown, sentence, take, event=None, filler=False):
        word = {"text": shown, "start": self.at, "end": self.at + len(audio), "take": take, "sentence": sentence}
        if filler:
            word["filler"] = True
        if event is not None:
            word["event"] = event
        self.pieces.append(np.asarray(audio, dtype=np.float64))
        self.at += len(audio)
        self.words.append(word)
        return word

    def event(self, **fields):
        self.events.append(fields)
        return len(self.events) - 1


def filler_audio(kind, rng):
    """A filler in the speaker's voice, 250-700 ms (espeak-ng phonemes; see the docstring)."""
    phonemes, (low, high) = FILLERS[kind]
    speed = rng.randint(low, high)
    while True:
        out = subprocess.run(["espeak-ng", "-v", VOICE, "-s", str(speed), "-p", str(FILLER_PITCH), "--stdout", phonemes],
                             check=True, capture_output=True).stdout
        x, rate = ms.read_wav_bytes(out)
        x = ms.resample(x, rate)
        first, last = ms.trim_bounds(x)
        x = x[first:last]
        seconds = len(x) / RATE
        if seconds > FILLER_SECONDS[1]:
            speed += 10
        elif seconds < FILLER_SECONDS[0]:
            speed -= 10
        else:
            return x


def rms(x):
    return float(np.sqrt(np.mean(np.square(x)))) if len(x) else 0.0


def take_words(b, words, sentence, take, event=None, fillers=None, pauses=None, restart=None):
    """Speaks a list of shown words with the gaps between them; returns the truth words made."""
    made = []
    k = 0
    restarted = False
    while k < len(words):
        if k > 0 or restarted:
            if pauses and k in pauses and not restarted:
                start = b.at
                b.silence(pauses[k])
                b.event(kind="pause", sentence=sentence, where="mid", length=pauses[k],
                        kept=KEPT_PAUSE, silence=[start, b.at])
            elif fillers and k in fillers and not restarted:
                b.gap(WORD_GAP)
                filler = fillers[k]
                made.append(("filler", filler, b.sound(np.zeros(0), filler, sentence, "final", filler=True)))
                b.gap(WORD_GAP)
            elif restarted and restart and k == restart[0]:
                b.gap(RESTART_GAP)
            else:
                b.gap(WORD_GAP)
        restarted = False
        if restart and k == restart[0] and restart[2] is None:
            e = b.event(kind="restart", sentence=sentence, reworded=False)
            for j in range(restart[0], restart[0] + restart[1]):
                if j > restart[0]:
                    b.gap(WORD_GAP)
                shown = bare(words[j]) + ("," if j == restart[0] + restart[1] - 1 else "")
                made.append(("word", None, b.say(shown, sentence, "cut", e)))
            restart[2] = e
            restarted = True
            continue
        made.append(("word", None, b.say(words[k], sentence, take, event)))
        k += 1
    return made


def build_clip(spec, voice):
    rng = random.Random(spec["name"])
    b = Builder(voice, rng)
    b.silence(HEAD_SECONDS)
    script, segments = [], []
    pending_fillers = []
    for s, sent in enumerate(spec["sentences"], start=1):
        script.append(sent["text"])
        if s > 1:
            prev = spec["sentences"][s - 2]
            if "after" in prev:
                start = b.at
                b.silence(prev["after"])
                b.event(kind="pause", sentence=s - 1, where="mid", length=prev["after"],
                        kept=KEPT_PAUSE_AFTER_STOP, silence=[start, b.at])
            else:
                b.gap(SENTENCE_GAP)
        final_words = sent["text"].split()
        retake = sent.get("retake")
        reworded = sent.get("reworded")
        if retake or reworded:
            if reworded:
                first = reworded.split()
                kind = "retake-sentence"
            elif retake.startswith("phrase:"):
                first = [bare(w) for w in final_words[: int(retake.split(":")[1])]]
                kind = "retake-phrase"
            else:
                first = final_words
                kind = "retake-sentence"
            e = b.event(kind=kind, sentence=s, reworded=bool(reworded))
            made = take_words(b, first, s, "cut", e)
            segments.append([m[2] for m in made])
            b.gap(RETAKE_GAP)
        restart = sent.get("restart")
        made = take_words(b, final_words, s, "final", fillers=sent.get("fillers"), pauses=sent.get("pauses"),
                          restart=[restart[0], restart[1], None] if restart else None)
        segments.append([m[2] for m in made if m[0] == "word"])
        pending_fillers += [m for m in made if m[0] == "filler"]
    b.silence(TAIL_SECONDS)
    return b, script, segments, pending_fillers


def place_fillers(b, pending, rng):
    """The signal with each filler's sound spliced in where its (empty) placeholder stands;
    every time at or after a filler moves on by its length."""
    audio_of = {id(word): filler_audio(kind, rng) for _, kind, word in pending}
    marks = sorted(((w["start"], audio_of[id(w)]) for w in b.words if id(w) in audio_of), key=lambda m: m[0])
    signal = np.concatenate(b.pieces)
    pieces, cursor = [], 0
    for pos, audio in marks:
        pieces += [signal[cursor:pos], audio]
        cursor = pos
    pieces.append(signal[cursor:])

    def moved(t, inclusive):
        return t + sum(len(a) for p, a in marks if p < t or (inclusive and p == t))

    for w in b.words:
        if id(w) in audio_of:
            start = moved(w["start"], False)
            w["start"], w["end"] = start, start + len(audio_of[id(w)])
        else:
            w["start"], w["end"] = moved(w["start"], True), moved(w["end"], True)
    for e in b.events:
        if "silence" in e:
            e["silence"] = [moved(e["silence"][0], True), moved(e["silence"][1], True)]
    return np.concatenate(pieces)


def level_fillers(signal, words, rng):
    """Scales each filler to its neighbours' RMS (-3..+1 dB); returns the levels in dB."""
    spoken = [w for w in words if not w.get("filler")]
    for w in words:
        if not w.get("filler"):
            continue
        before = [x for x in spoken if x["end"] <= w["start"]][-2:]
        after = [x for x in spoken if x["start"] >= w["end"]][:2]
        near = np.concatenate([signal[x["start"]:x["end"]] for x in before + after])
        target = rms(near) * 10 ** (rng.uniform(-3, 1) / 20)
        piece = signal[w["start"]:w["end"]]
        signal[w["start"]:w["end"]] = piece * (target / rms(piece))
        w["level_db"] = round(20 * math.log10(rms(signal[w["start"]:w["end"]]) / rms(near)), 2)


def finish_events(b, script, duration):
    """Spans (in samples) of every event; fillers and head/tail pauses added."""
    words = sorted(b.words, key=lambda w: w["start"])
    for i, e in enumerate(b.events):
        if e["kind"] in ("restart", "retake-phrase", "retake-sentence"):
            earlier = [w for w in words if w.get("event") == i]
            a = earlier[0]
            later = [w for w in words if w["start"] > earlier[-1]["end"] and not w.get("filler")
                     and w["sentence"] == e["sentence"]][0]
            before = max([w["end"] for w in words if w["end"] <= a["start"]], default=0)
            d = min(samples(0.1), (a["start"] - before) // 2)
            e["span"] = [a["start"] - d, later["start"] - d]
            e["text"] = " ".join(w["text"] for w in earlier)
        elif e["kind"] == "pause":
            s0, s1 = e["silence"]
            half = samples(e["kept"]) // 2
            e["span"] = [s0 + half, s1 - (samples(e["kept"]) - half)] if e["length"] > e["kept"] else None
            e["text"] = ""
    for w in words:
        if w.get("filler"):
            b.events.append({"kind": "filler", "sentence": w["sentence"], "text": w["text"],
                             "span": [w["start"], w["end"]]})
    first, last = words[0]["start"], words[-1]["end"]
    b.events.append({"kind": "pause", "sentence": 1, "where": "head", "length": first, "kept": KEPT_EDGE,
                     "silence": [0, first], "span": [0, first - samples(KEPT_EDGE)], "text": ""})
    b.events.append({"kind": "pause", "sentence": len(script), "where": "tail", "length": duration - last,
                     "kept": KEPT_EDGE, "silence": [last, duration], "span": [last + samples(KEPT_EDGE), duration],
                     "text": ""})
    # The word indices of earlier takes point at events; keep them after sorting the events by time.
    order = sorted(range(len(b.events)), key=lambda i: (b.events[i]["span"] or b.events[i]["silence"])[0])
    new_index = {old: new for new, old in enumerate(order)}
    b.events = [b.events[i] for i in order]
    for w in b.words:
        if "event" in w:
            w["event"] = new_index[w["event"]]
    return words


def seconds_of(x):
    return round(x / RATE, 6)


def to_seconds(words, events):
    out_words = []
    for w in words:
        o = dict(w, start=seconds_of(w["start"]), end=seconds_of(w["end"]))
        out_words.append(o)
    out_events = []
    for e in events:
        o = dict(e)
        for key in ("span", "silence"):
            if o.get(key) is not None:
                o[key] = [seconds_of(o[key][0]), seconds_of(o[key][1])]
        if "length" in o:
            o["length"] = round(o["length"] / RATE, 6) if o["where"] != "mid" else o["length"]
        out_events.append(o)
    return out_words, out_events


def ffmpeg(*args):
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", *args], check=True)


def write_videos(name, picture, duration, out, conditions, screen=None):
    """NAME.mp4 and its copies: a still picture looped from one encoded GOP, the audio as AAC;
    NAME-screen.mp4: the same still, testsrc2 over the frames of the screen stretch (encoded
    alone, with the same settings) and the still again, joined by the concat demuxer."""
    w, h = SIZE
    still = "color=c=%s:s=%dx%d:r=%d:d=2,drawbox=x=%d:y=%d:w=%d:h=%d:color=0xe8b04a:t=fill,drawbox=x=%d:y=%d:w=%d:h=%d:color=white:t=8" % (
        picture, w, h, FPS, w // 10, h // 6, w // 3, h // 4, w // 2, h // 2, w // 3, h // 3)
    x264 = ["-c:v", "libx264", "-preset", "ultrafast", "-crf", "28", "-g", str(2 * FPS), "-pix_fmt", "yuv420p"]
    gop = out / (name + ".gop.mp4")
    ffmpeg("-f", "lavfi", "-i", still, *x264, str(gop))
    for suffix in conditions:
        ffmpeg("-stream_loop", "-1", "-i", str(gop), "-i", str(out / (name + suffix + ".wav")), "-t", "%.6f" % duration,
               "-map", "0:v", "-map", "1:a", "-c:v", "copy", "-c:a", "aac", "-b:a", "96k",
               str(out / (name + suffix + ".mp4")))
    if screen:
        k0, k1 = round(screen[0] * FPS), round(screen[1] * FPS)
        frames = math.ceil(duration * FPS - 1e-6)
        parts = [out / (name + ".part%d.mp4" % i) for i in range(3)]
        ffmpeg("-stream_loop", "-1", "-i", str(gop), "-frames:v", str(k0), "-c", "copy", str(parts[0]))
        ffmpeg("-f", "lavfi", "-i", "testsrc2=s=%dx%d:r=%d" % (w, h, FPS), "-frames:v", str(k1 - k0), *x264, str(parts[1]))
        ffmpeg("-stream_loop", "-1", "-i", str(gop), "-frames:v", str(frames - k1), "-c", "copy", str(parts[2]))
        listing = out / (name + ".parts.txt")
        listing.write_text("".join("file '%s'\n" % p.name for p in parts))
        ffmpeg("-f", "concat", "-safe", "0", "-i", str(listing), "-i", str(out / (name + ".wav")), "-map", "0:v", "-map", "1:a",
               "-c:v", "copy", "-c:a", "aac", "-b:a", "96k", str(out / (name + "-screen.mp4")))
        for p in parts + [listing]:
            p.unlink()
    gop.unlink()


def smooth_length(n):
    """The least number >= n with no prime factor above 5."""
    while True:
        m = n
        for p in (2, 3, 5):
            while m % p == 0:
                m //= p
        if m == 1:
            return n
        n += 1


def make_clip(spec, out, voice, conditions=CONDITIONS):
    name = spec["name"]
    b, script, segments, pending = build_clip(spec, voice)
    rng = random.Random(name + "/fillers")
    signal = place_fillers(b, pending, rng)
    level_fillers(signal, b.words, rng)
    signal *= ms.PEAK / np.abs(signal).max()
    duration = len(signal)
    words = finish_events(b, script, duration)
    speech = np.concatenate([signal[w["start"]:w["end"]] for w in words if not w.get("filler")])
    speech_rms = rms(speech)
    ms.write_wav(out / (name + ".wav"), signal)
    if "noise" in conditions:  # the noise made at a length the FFT does fast (5-smooth), then cut
        noise = ms.pink_noise(smooth_length(len(signal)), ms.seed_of(name))[: len(signal)]
        ms.write_wav(out / (name + ".noise.wav"), ms.mix(signal, noise, ms.NOISE_SNR_DB, speech_rms))
    if "music" in conditions:
        ms.write_wav(out / (name + ".music.wav"), ms.mix(signal, ms.chords(len(signal)), ms.MUSIC_BELOW_DB, speech_rms))
    (out / (name + ".script.txt")).write_text("\n".join(script) + "\n")
    words_s, events_s = to_seconds(words, b.events)
    screen = None
    if name == SCREEN:
        long_pause = next(e for e in events_s if e["kind"] == "pause" and e["where"] == "mid" and e["length"] == 4.0)
        screen = long_pause["silence"]
        long_pause["moving_picture"] = name + "-screen.mp4"
    truth = {
        "name": name, "sample_rate": RATE, "duration": seconds_of(duration), "voice": VOICE, "speed_wpm": SPEED,
        "size": list(SIZE), "fps": FPS, "speech_rms_dbfs": round(20 * math.log10(speech_rms), 2),
        "conditions": {c: name + CONDITIONS[c] + ".mp4" for c in conditions},
        "copies": {"noise": "pink noise, %g dB SNR against the speech RMS" % ms.NOISE_SNR_DB,
                   "music": "chords %g dB below the speech RMS" % ms.MUSIC_BELOW_DB},
        "screen": {"video": name + "-screen.mp4", "moving": screen} if screen else None,
        "script": script, "words": words_s, "events": events_s,
    }
    (out / (name + ".json")).write_text(json.dumps(truth, indent=1) + "\n")
    # The transcript Whisper would give: sentences as spoken, fillers left out.
    by_id = {id(w): i for i, w in enumerate(words)}
    segs = []
    for seg in sorted(segments, key=lambda ws: ws[0]["start"]):
        ws = [words_s[by_id[id(w)]] for w in seg]
        segs.append({"start": ws[0]["start"], "end": ws[-1]["end"], "text": " ".join(w["text"] for w in ws),
                     "words": [{"text": w["text"], "start": w["start"], "end": w["end"]} for w in ws]})
    (out / (name + ".words.json")).write_text(json.dumps({"language": "en", "segments": segs}, indent=1) + "\n")
    write_videos(name, spec["picture"], seconds_of(duration), out, [CONDITIONS[c] for c in conditions], screen)
    return truth


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", nargs="?", help="output folder")
    ap.add_argument("--only", help="comma-separated clip names")
    ap.add_argument("--conditions", default="clean,noise,music", help="comma list of clean, noise, music")
    ap.add_argument("--list", action="store_true", help="print the clip names and exit")
    args = ap.parse_args()
    conditions = [c for c in args.conditions.split(",") if c]
    if "clean" not in conditions or any(c not in CONDITIONS for c in conditions):
        ap.error("--conditions: a comma list of clean, noise and music, clean among them")
    names = [c["name"] for c in CLIPS]
    if args.list:
        print("\n".join(names))
        return
    if not args.out:
        ap.error("OUT_DIR is required")
    wanted = args.only.split(",") if args.only else names
    unknown = [n for n in wanted if n not in names]
    if unknown:
        sys.exit("make-takes: no clip named %s (see --list)" % ", ".join(unknown))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    voice = ms.Voice()
    began = time.monotonic()
    for spec in CLIPS:
        if spec["name"] in wanted:
            truth = make_clip(spec, out, voice, conditions)
            kinds = {}
            for e in truth["events"]:
                kinds[e["kind"]] = kinds.get(e["kind"], 0) + 1
            print("%-8s %6.2f s  %s" % (truth["name"], truth["duration"],
                                        ", ".join("%s %d" % kv for kv in sorted(kinds.items()))))
    print("made in %.1f s" % (time.monotonic() - began))


if __name__ == "__main__":
    main()
