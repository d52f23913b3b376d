#!/usr/bin/env python3
"""Test speech with known word times, for the recognition bench and the recognizer's tests.

Usage:

    python3 scripts/make-speech.py [OUT_DIR]              # every clip, default .build/speech/
    python3 scripts/make-speech.py --only en-short OUT_DIR  # one named clip (or a comma list), fast
    python3 scripts/make-speech.py --list                  # the clip names

Every clip is 16 kHz mono 16-bit WAV. A speech clip NAME gives

  NAME.wav          the clean speech
  NAME.json         its truth: text, words and phrases with start and end (seconds)
  NAME.noise.wav    + pink noise at 10 dB SNR  (only clips with "copies" in speech-texts.json)
  NAME.music.wav    + a bed of synthesized chords 10 dB below the speech

SNR and the music level are taken against the speech's RMS over its words (the gaps between
words do not count). The copies share NAME.json. The "nothing invented" clips are

  silence-30.wav    30 s of digital silence
  chords-30.wav     30 s of synthesized chords (sine triads with harmonics and an envelope)
  pink-30.wav       30 s of pink noise at -26 dBFS RMS
  en-pause.wav      English speech with a 10 s pause in the middle (its truth has "pauses")
  de-lang.wav       German that the base model's language detection gets wrong or unsure

and manifest.json lists every clip with its language, condition, audio and truth.

How the truth is made: espeak-ng speaks each word of our own sentences (speech-texts.json)
on its own; the word is resampled to 16 kHz and trimmed where its 5 ms RMS envelope first and
last rises above 40 dB under the word's own peak; the trimmed words are joined with short gaps
(60-140 ms inside a phrase, 450-700 ms between phrases, from a generator seeded by the clip's
name), so each word's start and end in the clip are known to the sample. Nothing is downloaded;
the output is the same on every run with the same espeak-ng (1.51 on Debian 13 here) and numpy.
"""

import argparse
import json
import math
import random
import re
import shutil
import subprocess
import sys
import unicodedata
import wave
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
TEXTS = REPO / "scripts" / "speech-texts.json"
RATE = 16000
PEAK = 10 ** (-3 / 20)  # clean speech is scaled to -3 dBFS peak
TRIM_DB = 40.0  # a word starts and ends where its envelope is within this of its peak
ENVELOPE_SECONDS = 0.005
LEAD_SECONDS = 0.5
TAIL_SECONDS = 0.8
WORD_GAP = (0.06, 0.14)
PHRASE_GAP = (0.45, 0.70)
NOISE_SNR_DB = 10.0
MUSIC_BELOW_DB = 10.0
PINK_DBFS = -26.0
NOTHING_SECONDS = 30.0
ARABIC_MARKS = re.compile("[\u064b-\u0652\u0670\u0640]")


def spoken_and_shown(word, strip_marks):
    """(what espeak-ng reads, what the text shows) for one word of speech-texts.json."""
    if isinstance(word, list):
        shown, spoken = word
    else:
        shown = word
        spoken = word.rstrip(".,;:!?。、，？！")
    if strip_marks:  # Arabic: vowelled for the voice, written without the marks
        shown = ARABIC_MARKS.sub("", unicodedata.normalize("NFC", shown))
    return spoken, shown


def resample(x, rate_in):
    """Band-limited resampling of a short signal to RATE (FFT, zero-padded against wrap-around)."""
    if rate_in == RATE:
        return x
    pad = len(x)
    padded = np.concatenate([x, np.zeros(pad)])
    n_out = int(round(len(padded) * RATE / rate_in))
    spectrum = np.fft.rfft(padded)
    keep = n_out // 2 + 1
    spectrum = spectrum[:keep] if keep <= len(spectrum) else np.pad(spectrum, (0, keep - len(spectrum)))
    y = np.fft.irfft(spectrum, n_out) * (n_out / len(padded))
    return y[: int(round(len(x) * RATE / rate_in))]


def read_wav_bytes(data):
    """Mono float samples and rate of a 16-bit WAV held in memory (espeak-ng's --stdout)."""
    # espeak-ng writes 0x7fffffff as the sizes when writing to a pipe: find "data" by hand.
    rate = int.from_bytes(data[24:28], "little")
    at = data.find(b"data", 12)
    if at < 0:
        raise SystemExit("make-speech: espeak-ng wrote no WAV data")
    pcm = np.frombuffer(data[at + 8:][: (len(data) - at - 8) // 2 * 2], dtype="<i2")
    return pcm.astype(np.float64) / 32768.0, rate


def trim_bounds(x):
    """First and last sample where the 5 ms RMS envelope is within TRIM_DB of its peak."""
    win = max(1, int(ENVELOPE_SECONDS * RATE))
    power = np.convolve(x * x, np.ones(win) / win, mode="same")
    env = np.sqrt(power)
    peak = env.max()
    if peak <= 0:
        raise SystemExit("make-speech: espeak-ng gave silence")
    above = np.nonzero(env > peak * 10 ** (-TRIM_DB / 20))[0]
    return int(above[0]), int(above[-1]) + 1


class Voice:
    """espeak-ng, one word at a time, cached."""

    def __init__(self):
        if shutil.which("espeak-ng") is None:
            raise SystemExit("make-speech: espeak-ng is missing (apt-get install espeak-ng)")
        self.cache = {}

    def word(self, voice, speed, text):
        key = (voice, speed, text)
        if key not in self.cache:
            out = subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "--stdout", text],
                                 check=True, capture_output=True).stdout
            x, rate = read_wav_bytes(out)
            x = resample(x, rate)
            first, last = trim_bounds(x)
            self.cache[key] = x[first:last]
        return self.cache[key]


def build_speech(spec, voice):
    """The clean signal and its truth for one clip of speech-texts.json."""
    rng = random.Random(spec["name"])
    strip = spec.get("strip_marks", False)
    pieces, words, phrases = [np.zeros(int(LEAD_SECONDS * RATE))], [], []
    at = len(pieces[0])
    pauses = []
    for p, phrase in enumerate(spec["phrases"]):
        if p > 0:
            gap = int(rng.uniform(*PHRASE_GAP) * RATE)
            if spec.get("pause_after_phrase") == p - 1:
                gap = int(spec["pause_seconds"] * RATE)
                pauses.append([at / RATE, (at + gap) / RATE])
            pieces.append(np.zeros(gap))
            at += gap
        shown_words = []
        for w, word in enumerate(phrase):
            if w > 0:
                gap = int(rng.uniform(*WORD_GAP) * RATE)
                pieces.append(np.zeros(gap))
                at += gap
            spoken, shown = spoken_and_shown(word, strip)
            audio = voice.word(spec["voice"], spec["speed"], spoken)
            words.append({"text": shown, "start": round(at / RATE, 4),
                          "end": round((at + len(audio)) / RATE, 4), "phrase": p})
            shown_words.append(shown)
            pieces.append(audio)
            at += len(audio)
        first = next(x for x in words if x["phrase"] == p)
        phrases.append({"text": spec["join"].join(shown_words), "start": first["start"], "end": words[-1]["end"]})
    pieces.append(np.zeros(int(TAIL_SECONDS * RATE)))
    signal = np.concatenate(pieces)
    signal *= PEAK / np.abs(signal).max()
    truth = {
        "name": spec["name"], "language": spec["language"], "voice": spec["voice"],
        "speed_wpm": spec["speed"], "sample_rate": RATE, "duration": round(len(signal) / RATE, 4),
        "join": spec["join"], "text": " ".join(x["text"] for x in phrases) if spec["join"] else "".join(x["text"] for x in phrases),
        "phrases": phrases, "words": words, "pauses": pauses,
    }
    return signal, truth


def speech_rms(signal, truth):
    """RMS over the words only."""
    parts = [signal[int(w["start"] * RATE):int(w["end"] * RATE)] for w in truth["words"]]
    joined = np.concatenate(parts)
    return float(np.sqrt(np.mean(joined * joined)))


def pink_noise(n, seed):
    """Pink (1/f power) noise of unit RMS, shaped in the frequency domain, 20 Hz high-passed."""
    rng = np.random.default_rng(seed)
    spectrum = np.fft.rfft(rng.standard_normal(n))
    freqs = np.fft.rfftfreq(n, 1 / RATE)
    gain = np.zeros_like(freqs)
    gain[freqs >= 20] = 1 / np.sqrt(freqs[freqs >= 20])
    x = np.fft.irfft(spectrum * gain, n)
    return x / np.sqrt(np.mean(x * x))


def chords(n):
    """A chord progression (C, G, Am, F; 2 s each) of sine triads with two harmonics, unit RMS."""
    roots = [261.63, 196.00, 220.00, 174.61]  # C4, G3, A3, F3
    shapes = [(0, 4, 7), (0, 4, 7), (0, 3, 7), (0, 4, 7)]
    chord_n = int(2.0 * RATE)
    t = np.arange(chord_n) / RATE
    envelope = np.minimum(t / 0.04, 1.0) * np.exp(-t / 1.2) * np.minimum((2.0 - t) / 0.05, 1.0)
    out = np.zeros(n)
    for c, start in enumerate(range(0, n, chord_n)):
        tone = np.zeros(chord_n)
        for semis in shapes[c % 4]:
            f = roots[c % 4] * 2 ** (semis / 12)
            for h, amp in ((1, 1.0), (2, 0.35), (3, 0.15)):
                tone += amp * np.sin(2 * math.pi * f * h * t)
        bass = 0.8 * np.sin(2 * math.pi * roots[c % 4] / 2 * t)
        piece = (tone + bass) * envelope
        end = min(n, start + chord_n)
        out[start:end] = piece[: end - start]
    return out / np.sqrt(np.mean(out * out))


def mix(signal, bed, below_db, rms):
    """signal + bed scaled below_db under rms; the sum scaled down only if it would clip."""
    out = signal + bed * (rms * 10 ** (-below_db / 20))
    peak = np.abs(out).max()
    return out * (0.99 / peak) if peak > 0.99 else out


def write_wav(path, x):
    pcm = np.clip(np.round(x * 32767), -32768, 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())


def seed_of(name):
    return sum((i + 1) * ord(c) for i, c in enumerate(name))


def make_speech_clip(spec, out, voice):
    """Writes one speech clip (and its copies); returns its manifest entries."""
    signal, truth = build_speech(spec, voice)
    name = spec["name"]
    rms = speech_rms(signal, truth)
    entry = {"name": name, "language": spec["language"], "truth": name + ".json", "duration": truth["duration"]}
    write_wav(out / (name + ".wav"), signal)
    entries = [dict(entry, audio=name + ".wav", condition="clean")]
    if spec.get("copies"):
        noisy = mix(signal, pink_noise(len(signal), seed_of(name)), NOISE_SNR_DB, rms)
        write_wav(out / (name + ".noise.wav"), noisy)
        music = mix(signal, chords(len(signal)), MUSIC_BELOW_DB, rms)
        write_wav(out / (name + ".music.wav"), music)
        entries.append(dict(entry, name=name + ".noise", audio=name + ".noise.wav", condition="noise"))
        entries.append(dict(entry, name=name + ".music", audio=name + ".music.wav", condition="music"))
    truth["speech_rms_dbfs"] = round(20 * math.log10(rms), 2)
    truth["copies"] = {"noise": "pink noise, %g dB SNR against the speech RMS" % NOISE_SNR_DB,
                       "music": "chords %g dB below the speech RMS" % MUSIC_BELOW_DB} if spec.get("copies") else {}
    (out / (name + ".json")).write_text(json.dumps(truth, ensure_ascii=False, indent=1) + "\n")
    kind = "pause" if truth["pauses"] else ("language" if name == "de-lang" else ("short" if name.endswith("-short") else "accuracy"))
    return [dict(e, kind=kind) for e in entries]


def make_nothing_clip(name, out):
    n = int(NOTHING_SECONDS * RATE)
    if name == "silence-30":
        x, what = np.zeros(n), "digital silence"
    elif name == "chords-30":
        x, what = chords(n) * 10 ** (-20 / 20), "synthesized chords at -20 dBFS RMS"
    else:
        x, what = pink_noise(n, seed_of(name)) * 10 ** (PINK_DBFS / 20), "pink noise at %g dBFS RMS" % PINK_DBFS
    write_wav(out / (name + ".wav"), x)
    return [{"name": name, "language": None, "truth": None, "duration": NOTHING_SECONDS,
             "audio": name + ".wav", "condition": what, "kind": "nothing"}]


NOTHING = ["silence-30", "chords-30", "pink-30"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", nargs="?", default=str(REPO / ".build" / "speech"), help="output folder")
    ap.add_argument("--only", help="comma-separated clip names (no manifest is written)")
    ap.add_argument("--list", action="store_true", help="print the clip names and exit")
    args = ap.parse_args()
    specs = {s["name"]: s for s in json.loads(TEXTS.read_text())["clips"]}
    names = list(specs) + NOTHING
    if args.list:
        print("\n".join(names))
        return
    wanted = args.only.split(",") if args.only else names
    unknown = [n for n in wanted if n not in names]
    if unknown:
        sys.exit("make-speech: no clip named %s (see --list)" % ", ".join(unknown))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    voice = Voice()
    manifest = []
    for name in wanted:
        manifest += make_speech_clip(specs[name], out, voice) if name in specs else make_nothing_clip(name, out)
    if not args.only:
        (out / "manifest.json").write_text(json.dumps({"sample_rate": RATE, "clips": manifest}, ensure_ascii=False, indent=1) + "\n")
    for e in manifest:
        print("%-14s %6.2f s  %s" % (e["name"], e["duration"], e["condition"]))


if __name__ == "__main__":
    main()
