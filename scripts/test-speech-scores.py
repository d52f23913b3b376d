#!/usr/bin/env python3
"""Tests of scripts/speech_scores.py (cases: Tests/Cases/speech-scores.json) and of
scripts/make-speech.py's truth (the en-short clip: silence before every word's start, the
voice right after it). Prints one line per failure and 'N passed, N failed'; exits 1 on any."""

import json
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
import speech_scores  # noqa: E402

passed, failed = 0, 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL: " + what)


def near(a, b):
    return a is not None and abs(a - b) < 1e-4


def main():
    cases = json.loads((REPO / "Tests" / "Cases" / "speech-scores.json").read_text())
    for c in cases["tokens"]:
        got = speech_scores.tokens(c["text"], c["language"])
        check(got == c["tokens"], "tokens(%r, %s) = %r, expected %r" % (c["text"], c["language"], got, c["tokens"]))
    for c in cases["rate"]:
        got = speech_scores.error_rate(c["truth"], c["hyp"], c["language"])
        check(got["metric"] == c["metric"] and near(got["rate"], c["rate"]),
              "error_rate(%r, %r) = %s %.4f, expected %s %.4f" % (c["truth"], c["hyp"], got["metric"], got["rate"], c["metric"], c["rate"]))
    for c in cases["timing"]:
        got = speech_scores.timing(c["truth"], c["hyp"], c["language"], [{}] * (1 + max(w["phrase"] for w in c["truth"])))
        for key in ("matched", "mean_abs_start_error", "mean_start_error", "phrase_starts_within", "phrases_measured"):
            check(near(got.get(key), c[key]), "timing %s = %s, expected %s (%r)" % (key, got.get(key), c[key], c["hyp"]))
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([sys.executable, str(REPO / "scripts" / "make-speech.py"), "--only", "en-short", out],
                       check=True, capture_output=True)
        truth = json.loads((Path(out) / "en-short.json").read_text())
        with wave.open(str(Path(out) / "en-short.wav")) as w:
            rate = w.getframerate()
            x = np.frombuffer(w.readframes(w.getnframes()), "<i2").astype(float) / 32768
        check(rate == 16000 and 3.0 <= len(x) / rate <= 6.0, "en-short is %d Hz, %.2f s" % (rate, len(x) / rate))
        for word in truth["words"]:
            s, e = int(round(word["start"] * rate)), int(round(word["end"] * rate))
            before = np.abs(x[max(0, s - 400):s]).max(initial=0)
            after = np.sqrt(np.mean(x[s:s + 400] ** 2))
            check(before == 0 and after > 0.003 and e > s,
                  "word %r at %.3f s: peak %.4f in the 25 ms before, RMS %.4f in the 25 ms after" % (word["text"], word["start"], before, after))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
