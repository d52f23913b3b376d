#!/usr/bin/env python3
"""The cut planner and the cut render against make-takes.py's corpus (issue 60).

Usage (from the repository root):

    python3 scripts/test-cuts.py [--quick] [--captions truth|auto] [--bin PATH] [--corpus DIR]
        [--clips bread,bike] [--conditions clean,noise] [--keep DIR]
    python3 scripts/test-cuts.py --self-test    # the scorer on Tests/Cases/cut-scores.json
    python3 scripts/test-cuts.py --oracle       # a perfect planner from the truth, and ffmpeg renders

It makes the corpus (scripts/make-takes.py) in a temporary folder, or uses --corpus DIR (made
there when DIR lacks a clip or condition), and for each clip and condition (clean, noise, music) runs

    BIN cuts NAME.mp4 --captions NAME.words.json --cuts pauses,fillers,retakes --script NAME.script.txt -o cuts.json
    BIN cuts NAME.mp4 --captions NAME.words.json --cuts pauses,fillers,retakes -o cuts.json       (no script)
    BIN NAME.mp4 --captions NAME.words.json --cuts pauses,fillers,retakes --script NAME.script.txt \\
        --export-captions out.json -o out.mp4

(with --captions auto, `--captions auto` instead of the words file: real recognition, slow),
and, on the clean condition, `BIN cuts NAME-screen.mp4 ...` with and without `--cut-pauses
always` (its pause over a moving picture is kept, then shortened). Each plan and render is
scored by scripts/cut_scores.py (the render against the plan `cuts` wrote with the same
options and the script: a render must follow that plan); the scorer's own cases run first; a table per condition and the totals are printed, then the
acceptance thresholds are checked, one line per failure, and the exit status is 1 on any:

  retake F1 >= 0.9 with the script, >= 0.8 without; filler F1 >= 0.85 (each per condition,
  over its clips); no final-take word cut; every reworded retake flagged (with the script)
  and not cut; no cut edge within 20 ms of a kept word; every planted pause right; the plan's
  kept ranges the complement of its cuts; the render's audio and video within a frame of
  each other and of the kept ranges' sum; no step at a join (cut_scores.join_steps: a click
  or burst the join made; in the clean clip also sound at a join beside silence); at least
  95% of each condition's captions starting within 0.10 s of their first word's start on the
  cut timeline (each other one listed as a note), and no cut word in a caption. Then the
  first clip's plan is rendered with no captions, losslessly, with each edit list: each read
  back by OpenTimelineIO gives the plan's kept frames, and FFmpeg's render of the .otio
  file's ranges has our render's frames (framemd5); and `lint --json` of that clip cut by its
  plan lists each span as a note (rule cut or flagged). The corpus's own truth is checked first (corpus_problems).

--quick (for `make test`): the clean condition, two clips (bread and studio: every kind of
event and the moving picture), the truth's words and the script. BIN defaults to
$BURN_CAPTIONS_BIN or .build/release/burn-captions.

--oracle documents what perfect means: instead of running BIN it writes each plan from the
truth's events (their spans cut; reworded retakes flagged), renders the kept ranges with
ffmpeg (the audio spliced with 10 ms crossfades, the video by frame numbers), exports the
kept words as the captions, and scores them; every figure must be perfect. It then renders
three bad versions of the first clip, which the render checks must fail: hard cuts 80 ms into
the next word (joins, words, captions), the video left uncut (durations) and the captions of
the uncut take (captions).
"""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time
import wave
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
import cut_scores as cs  # noqa: E402

CONDITIONS = {"clean": "", "noise": ".noise", "music": ".music"}
QUICK_CLIPS = ["bread", "studio"]
CUTS = "pauses,fillers,retakes"
RETAKE_F1_SCRIPT = 0.9
RETAKE_F1_NO_SCRIPT = 0.8
FILLER_F1 = 0.85
# The share of a condition's caption starts within cut_scores.CAPTION_START_TOLERANCE of their
# first word, as the timing tests count phrase starts: the timing fix moves a few phrase starts
# later on noisy audio (pink noise at 10 dB), with or without cuts; each one is listed as a note.
CAPTION_SHARE = 0.95
EDIT_LIST_SECONDS = 20.0  # the part of the first clip the edit lists are checked on
REASON = {"restart": "restart", "retake-phrase": "retake", "retake-sentence": "retake", "filler": "filler", "pause": "pause"}
# A join's side counts as silent under this level (cut_scores.join_steps) in the clean clip:
# 30 dB under the speech (AAC smears a word's onset up to a frame, 64 ms at 16 kHz, into the
# silence before it). Under noise or music no side is silent (the chords fade out for 50 ms
# between chords, and a join there is a step in the bed that no cut in a pause avoids): only
# clicks and bursts the join made count there (a chord's onset at a kept edge is the input's).
FLOOR_BELOW_SPEECH_DB = {"clean": 30.0, "noise": None, "music": None}


# ---------------------------------------------------------------- self-test

def self_test(quiet=False):
    """The scorer's cases; prints one line per failure and the counts (quiet: returns the
    failure lines instead)."""
    cases = json.loads((REPO / "Tests" / "Cases" / "cut-scores.json").read_text())
    passed, failed, lines = 0, 0, []

    def check(ok, what):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            lines.append("self-test: " + what)
            if not quiet:
                print("FAIL: " + what)

    def near(a, b, tol=1e-6):
        return a is not None and abs(a - b) <= tol

    for c in cases["f1"]:
        fn = cs.retake_f1 if c["class"] == "retake" else cs.filler_f1
        got = fn(c["truth"], c["plan"])
        for key in ("found", "true_entries", "entries", "f1"):
            check(near(got[key], c[key], 1e-3), "%s: %s %s = %s, expected %s" % (c["name"], c["class"], key, got[key], c[key]))
    for c in cases["reworded"]:
        got = cs.reworded(c["truth"], c["plan"])
        check([g["flagged"] for g in got] == c["flagged"] and [len(g["cut_words"]) for g in got] == c["cut_words"],
              "%s: reworded %s, expected flagged %s, cut words %s" % (c["name"], got, c["flagged"], c["cut_words"]))
    for c in cases["final_words_cut"]:
        got = [w["text"] for w in cs.final_words_cut(c["truth"], c["plan"])]
        check(got == c["cut"], "%s: final words cut %s, expected %s" % (c["name"], got, c["cut"]))
    for c in cases["edges"]:
        got = len(cs.edge_violations(c["truth"], c["plan"]))
        check(got == c["violations"], "%s: %d edge violations, expected %d" % (c["name"], got, c["violations"]))
    for c in cases["pauses"]:
        got = cs.pauses(c["truth"], c["plan"], moving_picture=c.get("moving_picture", False), cut_moving=c.get("cut_moving", False))
        check([g["ok"] for g in got] == c["ok"], "%s: pauses ok %s, expected %s (%s)" % (c["name"], [g["ok"] for g in got], c["ok"], got))
    for c in cases["plan"]:
        got = cs.plan_problems(c["plan"])
        check(len(got) == c["problems"], "%s: plan problems %s, expected %d" % (c["name"], got, c["problems"]))
    for c in cases["joins"]:
        rate = c["rate"]
        audio = np.concatenate([_piece(p, rate) for p in c["pieces"]])
        got = cs.join_steps(audio, rate, c["joins"], c["floor"], c.get("edges"))
        check([g["at"] for g in got] == c["failing"], "%s: failing joins %s, expected %s" % (c["name"], got, c["failing"]))
    for c in cases["durations"]:
        got = cs.duration_problems(c["streams"], c["kept_total"], c["fps"])
        check(len(got) == c["problems"], "%s: duration problems %s, expected %d" % (c["name"], got, c["problems"]))
    for c in cases["captions"]:
        got = cs.captions(c["truth"], c["plan"], c["exported"])
        check(len(got["late"]) == c["late"] and got["cut_words_shown"] == c["cut_words_shown"]
              and got["starts_measured"] == c["starts_measured"],
              "%s: captions late %s, cut words shown %s, starts measured %d; expected %d, %s, %d" % (
                  c["name"], got["late"], got["cut_words_shown"], got["starts_measured"], c["late"],
                  c["cut_words_shown"], c["starts_measured"]))
    for c in cases["output_time"]:
        got = cs.output_time(c["t"], c["kept"])
        check((got is None and c["out"] is None) or (got is not None and c["out"] is not None and near(got, c["out"])),
              "output_time(%s, %s) = %s, expected %s" % (c["t"], c["kept"], got, c["out"]))
    if quiet:
        return lines
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def _piece(p, rate):
    """A test signal piece: {"seconds", "amp", "freq"} (a sine; amp 0 is silence)."""
    n = int(round(p["seconds"] * rate))
    t = np.arange(n) / rate
    return p["amp"] * np.sin(2 * math.pi * p.get("freq", 200.0) * t)


# ---------------------------------------------------------------- the oracle

def oracle_plan(truth, video, moving_picture=False, cut_moving=False):
    """The plan a perfect planner writes: every event's span cut, reworded retakes flagged."""
    cuts = []
    for e in truth["events"]:
        if e["span"] is None:
            continue
        s, t = e["span"]
        entry = {"start": s, "end": t, "reason": REASON[e["kind"]], "cut": True}
        if e["kind"] == "filler":
            entry["text"] = e["text"]
        if e["kind"] in ("restart", "retake-phrase", "retake-sentence"):
            entry["text"] = e["text"]
            if e["kind"] != "restart":
                entry["sentence"] = e["sentence"]
            if e.get("reworded"):
                entry["cut"], entry["flag"] = False, "reworded"
        if e["kind"] == "pause" and moving_picture and e.get("moving_picture") and not cut_moving:
            continue
        cuts.append(entry)
    cuts.sort(key=lambda c: c["start"])
    duration = truth["duration"]
    kept, at = [], 0.0
    for s, t in cs.merged([[c["start"], c["end"]] for c in cuts if c["cut"]]):
        if s > at:
            kept.append({"start": round(at, 6), "end": round(s, 6)})
        at = max(at, t)
    if at < duration:
        kept.append({"start": round(at, 6), "end": duration})
    return {"format": "burn-captions cuts", "version": 1, "input": video, "duration": duration, "cuts": cuts,
            "kept": kept, "keptDuration": round(sum(k["end"] - k["start"] for k in kept), 6)}


def oracle_captions(truth, plan, words_file, cut=True):
    """The captions a perfect render exports: the kept words of each spoken segment on the
    cut timeline (with cut=False, the uncut transcript: a bad export)."""
    spoken = json.loads(Path(words_file).read_text())
    if not cut:
        return spoken
    kept = cs.kept_ranges(plan)
    keep = {(w["start"], w["end"]) for w in cs.kept_words(truth, plan)}
    segs = []
    for seg in spoken["segments"]:
        words = []
        for w in seg["words"]:
            if (w["start"], w["end"]) in keep:
                s, e = cs.output_time(w["start"], kept), cs.output_time(w["end"], kept)
                words.append({"text": w["text"], "start": round(s, 4), "end": round(e, 4)})
        if words:
            segs.append({"start": words[0]["start"], "end": words[-1]["end"],
                         "text": " ".join(w["text"] for w in words), "words": words})
    return {"language": "en", "segments": segs}


def ffmpeg(*args):
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", *args], check=True)


def oracle_render(video, plan, fps, out, fade=0.010, uncut_video=False):
    """Renders the plan's kept ranges with ffmpeg: the audio spliced in numpy with a linear
    crossfade of `fade` seconds at each join (each range grown by half of it on either side, so
    the length is the kept ranges' sum), the video as the frames the cut timeline shows."""
    rate = 48000
    audio = cs.read_audio(video, rate)
    kept = [[k["start"], k["end"]] for k in plan["kept"]]
    half = int(round(fade * rate / 2))
    pieces = []
    for i, (s, e) in enumerate(kept):
        a, b = int(round(s * rate)), int(round(e * rate))
        a2 = a - half if i > 0 and fade else a
        b2 = b + half if i < len(kept) - 1 and fade else b
        pieces.append(audio[max(0, a2):min(len(audio), b2)])
    joined = pieces[0]
    for p in pieces[1:]:
        n = 2 * half if fade else 0
        if n:
            ramp = np.linspace(0.0, 1.0, n)
            middle = joined[-n:] * (1 - ramp) + p[:n] * ramp
            joined = np.concatenate([joined[:-n], middle, p[n:]])
        else:
            joined = np.concatenate([joined, p])
    wav = Path(str(out) + ".wav")
    with wave.open(str(wav), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(np.clip(np.round(joined * 32767), -32768, 32767).astype("<i2").tobytes())
    if uncut_video:
        graph = "[0:v]null[v]"
    else:
        trims, at = [], 0.0
        for i, (s, e) in enumerate(kept):
            k0, k1 = math.ceil(at * fps - 1e-6), math.ceil((at + e - s) * fps - 1e-6)
            if k1 > k0:
                first = int(round((s + (k0 / fps - at)) * fps))
                trims.append("[0:v]trim=start_frame=%d:end_frame=%d,setpts=PTS-STARTPTS[p%d]" % (first, first + k1 - k0, i))
            at += e - s
        names = "".join("[p%d]" % i for i in range(len(trims)))
        graph = ";".join(trims) + ";%sconcat=n=%d:v=1:a=0,setpts=N/%d/TB[v]" % (names, len(trims), fps)
    ffmpeg("-i", str(video), "-i", str(wav), "-filter_complex", graph, "-map", "[v]", "-map", "1:a",
           "-c:v", "libx264", "-preset", "ultrafast", "-crf", "32", "-pix_fmt", "yuv420p", "-r", str(fps),
           "-c:a", "aac", "-b:a", "96k", str(out))
    wav.unlink()


# ---------------------------------------------------------------- the corpus itself

def corpus_problems(corpus, name):
    """The truth holds on the clean audio: silence (digital zero) for 5 ms either side of every
    word and over every planted pause, sound in each word's first 20 ms; fillers of 250-700 ms
    within 6 dB of the words around them; each restart said again within 1 s."""
    truth = json.loads((corpus / (name + ".json")).read_text())
    with wave.open(str(corpus / (name + ".wav"))) as w:
        rate = w.getframerate()
        x = np.frombuffer(w.readframes(w.getnframes()), "<i2").astype(np.float64) / 32768
    out = []
    edge = int(0.005 * rate)
    for wd in truth["words"]:
        s, e = int(round(wd["start"] * rate)), int(round(wd["end"] * rate))
        if np.any(x[max(0, s - edge):s]) or np.any(x[e:e + edge]) or cs._rms(x[s:s + int(0.02 * rate)]) < 0.002:
            out.append("%s: word %r at %.3f s is not where the truth puts it" % (name, wd["text"], wd["start"]))
        if wd.get("filler"):
            if not 0.25 <= wd["end"] - wd["start"] <= 0.70 or abs(wd["level_db"]) > 6:
                out.append("%s: filler at %.3f s lasts %.3f s at %+.1f dB" % (name, wd["start"], wd["end"] - wd["start"], wd["level_db"]))
    for i, ev in enumerate(truth["events"]):
        if ev["kind"] == "pause" and ev["where"] == "mid":
            s, e = (int(round(t * rate)) for t in ev["silence"])
            if np.any(x[s:e]) or abs((e - s) / rate - ev["length"]) > 1e-3:
                out.append("%s: the pause at %.3f s is not %.2f s of silence" % (name, ev["silence"][0], ev["length"]))
        if ev["kind"] == "restart":
            said = [wd for wd in truth["words"] if wd.get("event") == i]
            again = min(wd["start"] for wd in truth["words"] if wd["start"] > said[-1]["end"] and not wd.get("filler"))
            if again - said[-1]["end"] > 1.0:
                out.append("%s: the restart at %.3f s is not said again within 1 s" % (name, said[0]["start"]))
    return out


# ---------------------------------------------------------------- running the binary

def run(command, log):
    began = time.monotonic()
    p = subprocess.run(command, capture_output=True, text=True)
    log.append({"command": " ".join(command), "code": p.returncode, "seconds": round(time.monotonic() - began, 2),
                "stderr": p.stderr[-2000:]})
    return p.returncode == 0, p.stderr.strip().splitlines()[-1:] if p.stderr.strip() else []


def binary_plan(bin_path, video, captions, script, out, log, extra=()):
    command = [bin_path, "cuts", str(video), "--captions", captions, "--cuts", CUTS]
    if script:
        command += ["--script", str(script)]
    command += list(extra) + ["-o", str(out)]
    ok, tail = run(command, log)
    if not ok:
        return None, "%s failed: %s" % (" ".join(command), " ".join(tail))
    try:
        return json.loads(Path(out).read_text()), None
    except (OSError, ValueError) as e:
        return None, "%s wrote no readable plan: %s" % (out, e)


def binary_render(bin_path, video, captions, script, out, exported, log):
    command = [bin_path, str(video), "--captions", captions, "--cuts", CUTS, "--script", str(script),
               "--export-captions", str(exported), "-o", str(out)]
    ok, tail = run(command, log)
    if not ok:
        return "%s failed: %s" % (" ".join(command), " ".join(tail))
    return None


def edit_lists(bin_path, corpus, work, name, plan_file, log):
    """The edit lists of a cut render read back by OpenTimelineIO (scripts/read-edit-list.py)
    give the plan's kept frames, in every format; and FFmpeg's own render of the kept frames
    the .otio file names (select by frame number) matches our lossless render's frames
    (framemd5 hashes) where no captions are burned (an empty caption file). One line a problem."""
    video = corpus / (name + ".mp4")
    plan = json.loads(Path(plan_file).read_text())
    fps = json.loads((corpus / (name + ".json")).read_text())["fps"]
    # The first 20 s are enough (a lossless encode is slow): the rest is one more cut.
    plan["cuts"] = [c for c in plan["cuts"] if c["end"] <= EDIT_LIST_SECONDS]
    plan["cuts"].append({"start": EDIT_LIST_SECONDS, "end": plan["duration"], "reason": "pause", "cut": True})
    kept, at = [], 0.0
    for c in sorted((c for c in plan["cuts"] if c.get("cut", True)), key=lambda c: c["start"]):
        if c["start"] > at:
            kept.append({"start": at, "end": c["start"]})
        at = max(at, c["end"])
    plan["kept"] = kept
    plan_file = work / (name + ".first-seconds.cuts.json")
    plan_file.write_text(json.dumps(plan))
    want = [[round(k["start"] * fps), round(k["end"] * fps)] for k in plan["kept"]]
    empty = work / "no-captions.json"
    empty.write_text('{"segments": []}\n')
    out = work / (name + ".lossless.mp4")
    lists = [work / (name + ".kept." + ext) for ext in ("otio", "fcpxml", "xml", "edl")]
    problems = []
    for index, listed in enumerate(lists):
        command = [bin_path, str(video), "--captions", str(empty), "--cuts-file", str(plan_file), "--edit-list", str(listed)]
        command += ["--crf", "0", "-o", str(out)] if index == 0 else ["--null"]
        ok, tail = run(command, log)
        if not ok:
            return ["%s failed: %s" % (" ".join(command), " ".join(tail))]
    read = subprocess.run([sys.executable, str(REPO / "scripts" / "read-edit-list.py"), "--rate", "%g" % fps]
                          + [str(f) for f in lists], capture_output=True, text=True)
    if read.returncode != 0:
        return ["read-edit-list.py: " + read.stderr.strip()]
    for line in read.stdout.splitlines():
        got = json.loads(line)
        if got.get("clips") != want:
            problems.append("%s: OpenTimelineIO reads %s, the plan keeps %s" % (
                Path(got["file"]).name, _short(got.get("clips") or got.get("error")), _short(want)))
    otio_clips = json.loads(read.stdout.splitlines()[0]).get("clips") or []
    select = "+".join("between(n,%d,%d)" % (a, b - 1) for a, b in otio_clips)

    def hashes(args):
        p = subprocess.run(["ffmpeg", "-v", "error"] + args + ["-an", "-f", "framemd5", "-"], capture_output=True, text=True)
        return [line.split(",")[-1].strip() for line in p.stdout.splitlines() if line and not line.startswith("#")]
    ours = hashes(["-i", str(out)])
    theirs = hashes(["-i", str(video), "-vf", "select='%s',setpts=N/FRAME_RATE/TB" % select, "-fps_mode", "passthrough"])
    if not ours or ours != theirs:
        same = sum(1 for a, b in zip(ours, theirs) if a == b)
        problems.append("%s: FFmpeg's render of the .otio ranges and ours differ: %d and %d frames, %d alike" % (
            name, len(theirs), len(ours), same))
    return problems


def lint_notes(bin_path, corpus, name, plan_file, log):
    """`lint --json` of the clip cut as its plan says lists each span as a note: rule "cut"
    for each span cut, "flagged" for each one flagged, at the plan's times."""
    command = [bin_path, "lint", str(corpus / (name + ".mp4")), "--captions", str(corpus / (name + ".words.json")),
               "--cuts-file", str(plan_file), "--json"]
    began = time.monotonic()
    p = subprocess.run(command, capture_output=True, text=True)
    log.append({"command": " ".join(command), "code": p.returncode, "seconds": round(time.monotonic() - began, 2),
                "stderr": p.stderr[-2000:]})
    try:
        findings = json.loads(p.stdout)
    except ValueError:
        return ["%s: lint --json wrote no JSON (%s)" % (name, p.stderr.strip()[-200:])]
    plan = json.loads(Path(plan_file).read_text())
    problems = []
    for rule, cut in (("cut", True), ("flagged", False)):
        want = sorted((round(c["start"], 2), round(c["end"], 2)) for c in plan["cuts"] if c.get("cut", True) == cut)
        got = sorted((f["start"], f["end"]) for f in findings if f["rule"] == rule)
        if len(got) != len(want) or any(abs(a[0] - b[0]) > 0.04 or abs(a[1] - b[1]) > 0.04 for a, b in zip(got, want)):
            problems.append("%s: lint lists %d %s notes, the plan has %d such spans" % (name, len(got), rule, len(want)))
    return problems


def _short(x):
    text = json.dumps(x)
    return text if len(text) < 120 else text[:117] + "..."


# ---------------------------------------------------------------- scoring

def score_plan(truth, plan, moving_picture=False, cut_moving=False):
    return {
        "retake": cs.retake_f1(truth, plan), "filler": cs.filler_f1(truth, plan),
        "reworded": cs.reworded(truth, plan), "final_cut": cs.final_words_cut(truth, plan),
        "edges": cs.edge_violations(truth, plan),
        "pauses": cs.pauses(truth, plan, moving_picture=moving_picture, cut_moving=cut_moving),
        "plan": cs.plan_problems(plan),
    }


def score_render(truth, plan, video, out, exported, condition="clean"):
    kept = cs.kept_ranges(plan)
    total = sum(e - s for s, e in kept)
    streams = cs.probe_streams(out)
    audio = cs.read_audio(out, truth["sample_rate"])
    below = FLOOR_BELOW_SPEECH_DB[condition]
    floor = 10 ** ((truth["speech_rms_dbfs"] - below) / 20) if below is not None else None
    join_times = cs.joins(kept)
    edges = cs.edge_levels(cs.read_audio(video, truth["sample_rate"]), truth["sample_rate"], kept)
    return {"durations": cs.duration_problems(streams, total, truth["fps"]),
            "joins": len(join_times), "steps": cs.join_steps(audio, truth["sample_rate"], join_times, floor, edges),
            "captions": cs.captions(truth, plan, exported)}


def plan_failures(where, s, with_script=True):
    """One line per broken rule of a plan. Without the script a reworded retake need not be
    flagged (nothing says the two sentences are one), but it must not be cut."""
    out = []
    for w in s["final_cut"]:
        out.append("%s: final-take word %r (%.3f-%.3f s) cut" % (where, w["text"], w["start"], w["end"]))
    for r in s["reworded"]:
        if with_script and not r["flagged"]:
            out.append("%s: reworded retake of sentence %d not flagged" % (where, r["sentence"]))
        if r["cut_words"]:
            out.append("%s: reworded retake of sentence %d cut (%s)" % (where, r["sentence"], " ".join(r["cut_words"])))
    for v in s["edges"]:
        out.append("%s: cut edge %.3f s within 20 ms of kept word %r (%.3f-%.3f s)" % (where, v["edge"], v["word"], v["start"], v["end"]))
    for p in s["pauses"]:
        if not p["ok"]:
            out.append("%s: %s pause of %.2f s at %.3f s left %.3f s, want %.3f s%s" % (
                where, p["where"], p["length"], p["at"], p["remaining"], p["want"], " (moving picture)" if p["moving"] else ""))
    for p in s["plan"]:
        out.append("%s: plan: %s" % (where, p))
    return out


def render_failures(where, r):
    out = ["%s: render: %s" % (where, p) for p in r["durations"]]
    for st in r["steps"]:
        out.append("%s: render: a %.1f dB step at the join at %.3f s" % (where, st["step_db"], st["at"]))
    c = r["captions"]
    if c["cut_words_shown"]:
        out.append("%s: captions show cut words: %s" % (where, " ".join(c["cut_words_shown"])))
    return out


class Totals:
    def __init__(self):
        self.rows = {}

    def add(self, key, s):
        t = self.rows.setdefault(key, {"events": 0, "found": 0, "entries": 0, "true_entries": 0})
        for k in t:
            t[k] += s[k]

    def f1(self, key):
        t = self.rows.get(key)
        if not t:
            return None
        p = t["true_entries"] / t["entries"] if t["entries"] else (1.0 if not t["events"] else 0.0)
        r = t["found"] / t["events"] if t["events"] else 1.0
        if not t["events"] and not t["entries"]:
            return 1.0
        return 2 * p * r / (p + r) if p + r else 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="clean condition, two clips, the truth's words")
    ap.add_argument("--captions", choices=["truth", "auto"], default="truth")
    ap.add_argument("--bin", default=os.environ.get("BURN_CAPTIONS_BIN") or str(REPO / ".build" / "release" / "burn-captions"))
    ap.add_argument("--corpus", help="the corpus folder (made there when it has no truth)")
    ap.add_argument("--self-test", action="store_true", help="the scorer's own cases only")
    ap.add_argument("--oracle", action="store_true", help="score a perfect planner and ffmpeg renders")
    ap.add_argument("--keep", help="keep the plans and renders in this folder")
    ap.add_argument("--clips", help="comma list of clips (default: all, or bread,studio with --quick)")
    ap.add_argument("--conditions", help="comma list of clean, noise, music (default: all, or clean with --quick)")
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    if not args.oracle and not os.access(args.bin, os.X_OK):
        print("FAIL: no binary at %s (make build, or --bin)" % args.bin)
        return 1
    sys.path.insert(0, str(REPO / "scripts"))
    clips = args.clips.split(",") if args.clips else (QUICK_CLIPS if args.quick else None)
    conditions = args.conditions.split(",") if args.conditions else (["clean"] if args.quick else list(CONDITIONS))
    if any(c not in CONDITIONS for c in conditions):
        ap.error("--conditions: clean, noise or music")
    with tempfile.TemporaryDirectory(prefix="test-cuts-") as tmp:
        corpus = Path(args.corpus) if args.corpus else Path(tmp) / "corpus"
        began = time.monotonic()
        names = clips or [line for line in subprocess.run([sys.executable, str(REPO / "scripts" / "make-takes.py"), "--list"],
                                                          check=True, capture_output=True, text=True).stdout.split()]
        made = [c for c in CONDITIONS if c == "clean" or c in conditions]
        missing = [n for n in names if not all((corpus / (n + CONDITIONS[c] + ".mp4")).exists() for c in made)
                   or not (corpus / (n + ".json")).exists()]
        if missing:
            subprocess.run([sys.executable, str(REPO / "scripts" / "make-takes.py"), str(corpus), "--only", ",".join(missing),
                            "--conditions", ",".join(made)], check=True, capture_output=True)
            print("corpus: %s made in %.1f s" % (", ".join(missing), time.monotonic() - began))
        work = Path(args.keep) if args.keep else Path(tmp) / "work"
        work.mkdir(parents=True, exist_ok=True)
        return run_all(args, corpus, work, names, conditions)


def run_all(args, corpus, work, names, conditions):
    failures, log = self_test(quiet=True), []
    for name in names:
        failures += ["corpus: " + p for p in corpus_problems(corpus, name)]
    totals = Totals()
    table = []
    captions_within, notes = {}, []  # by condition: [starts within the tolerance, starts measured, errors]
    for condition in conditions:
        for name in names:
            truth = json.loads((corpus / (name + ".json")).read_text())
            video = corpus / (name + CONDITIONS[condition] + ".mp4")
            words = corpus / (name + ".words.json")
            script = corpus / (name + ".script.txt")
            captions = "auto" if args.captions == "auto" else str(words)
            where = "%s/%s" % (name, condition)
            stem = work / ("%s.%s" % (name, condition))
            plans = {}
            for with_script in (True, False):
                if args.oracle:
                    plan = oracle_plan(truth, video.name)
                else:
                    plan, err = binary_plan(args.bin, video, captions, script if with_script else None,
                                            str(stem) + (".script" if with_script else ".noscript") + ".cuts.json", log)
                    if err:
                        failures.append("%s: %s" % (where, err))
                        continue
                plans[with_script] = plan
            row = {"clip": name, "condition": condition}
            if True in plans:
                s = score_plan(truth, plans[True])
                failures += plan_failures(where + " (script)", s)
                totals.add((condition, "retake", True), s["retake"])
                totals.add((condition, "filler", True), s["filler"])
                row.update(retake=s["retake"], filler=s["filler"], final_cut=len(s["final_cut"]),
                           reworded="%d/%d" % (sum(r["flagged"] and not r["cut_words"] for r in s["reworded"]), len(s["reworded"])),
                           edges=len(s["edges"]), pauses="%d/%d" % (sum(p["ok"] for p in s["pauses"]), len(s["pauses"])))
            if False in plans:
                s = score_plan(truth, plans[False])
                failures += plan_failures(where + " (no script)", s, with_script=False)
                totals.add((condition, "retake", False), s["retake"])
                row["retake_noscript"] = s["retake"]
            if True in plans:
                out, exported = Path(str(stem) + ".mp4"), Path(str(stem) + ".captions.json")
                if args.oracle:
                    oracle_render(video, plans[True], truth["fps"], out)
                    exported.write_text(json.dumps(oracle_captions(truth, plans[True], words)))
                    err = None
                else:
                    err = binary_render(args.bin, video, captions, script, out, exported, log)
                if err:
                    failures.append("%s: %s" % (where, err))
                else:
                    r = score_render(truth, plans[True], video, out, json.loads(exported.read_text()), condition)
                    failures += render_failures(where, r)
                    c = r["captions"]
                    starts = captions_within.setdefault(condition, [0, 0, []])
                    starts[0] += c["starts_measured"] - len(c["late"])
                    starts[1] += c["starts_measured"]
                    starts[2] += c["start_errors"]
                    notes += ["%s: caption %r starts %+.3f s from its first word" % (where, late["text"][:40], late["error"])
                              for late in c["late"]]
                    row.update(joins="%d/%d" % (r["joins"] - len(r["steps"]), r["joins"]), durations="ok" if not r["durations"] else "bad",
                               captions="%d/%d" % (c["starts_measured"] - len(c["late"]), c["segments"]),
                               cut_shown=len(c["cut_words_shown"]))
            if condition == "clean" and truth.get("screen"):
                screen_video = corpus / truth["screen"]["video"]
                for always in (False, True):
                    if args.oracle:
                        plan = oracle_plan(truth, screen_video.name, moving_picture=True, cut_moving=always)
                    else:
                        plan, err = binary_plan(args.bin, screen_video, captions, script,
                                                str(stem) + (".screen-always" if always else ".screen") + ".cuts.json", log,
                                                extra=["--cut-pauses", "always"] if always else [])
                        if err:
                            failures.append("%s: %s" % (where, err))
                            continue
                    moving = [p for p in cs.pauses(truth, plan, moving_picture=True, cut_moving=always) if p["moving"]]
                    for p in moving:
                        if not p["ok"]:
                            failures.append("%s: %s: the pause over the moving picture left %.3f s, want %.3f s" % (
                                where, screen_video.name + (" --cut-pauses always" if always else ""), p["remaining"], p["want"]))
                    row["screen" + ("_always" if always else "")] = "ok" if all(p["ok"] for p in moving) else "bad"
            table.append(row)
    print_table(table, totals, conditions)
    plan_file = work / ("%s.clean.script.cuts.json" % names[0])
    if not args.oracle and "clean" in conditions and plan_file.exists():
        failures += lint_notes(args.bin, corpus, names[0], plan_file, log)
        began = time.monotonic()
        problems = edit_lists(args.bin, corpus, work, names[0], plan_file, log)
        failures += problems
        print("edit lists: %s in .otio, .fcpxml, .xml and .edl read back by OpenTimelineIO, and FFmpeg's render of the .otio "
              "ranges against ours by framemd5: %s (%.1f s)" % (names[0], "ok" if not problems else "bad", time.monotonic() - began))
    for condition, (within, measured, errors) in captions_within.items():
        share = within / measured if measured else 1.0
        print("  %s  caption starts within %.2f s of their first word: %d/%d (%.3f); as TimingAccuracyTests "
              "measures: mean error %.3f s, %.0f%% within 0.2 s" % (
                  condition, cs.CAPTION_START_TOLERANCE, within, measured, share,
                  sum(errors) / len(errors) if errors else 0.0,
                  100.0 * sum(e <= 0.2 for e in errors) / len(errors) if errors else 100.0))
        if share < CAPTION_SHARE:
            failures.append("%s: %d/%d caption starts within %.2f s, below %.2f" % (
                condition, within, measured, cs.CAPTION_START_TOLERANCE, CAPTION_SHARE))
    for note in notes:
        print("note: " + note)
    for condition in conditions:
        for key, floor, what in (((condition, "retake", True), RETAKE_F1_SCRIPT, "retake F1 with the script"),
                                 ((condition, "retake", False), RETAKE_F1_NO_SCRIPT, "retake F1 without the script"),
                                 ((condition, "filler", True), FILLER_F1, "filler F1")):
            f1 = totals.f1(key)
            if f1 is not None and f1 < floor:
                failures.append("%s: %s %.3f, below %.2f" % (condition, what, f1, floor))
    if args.oracle:
        failures += bad_renders(corpus, work, names[0])
    if log:
        (work / "commands.json").write_text(json.dumps(log, indent=1))
        cpu = sum(e["seconds"] for e in log)
        print("binary: %d runs, %.1f s wall (commands.json in the work folder)" % (len(log), cpu))
    for f in failures:
        print("FAIL: " + f)
    print("%s" % ("all checks passed" if not failures else "%d failures" % len(failures)))
    return 1 if failures else 0


def fmt_f1(s):
    return "%.2f (%d/%d, %d/%d)" % (s["f1"], s["found"], s["events"], s["true_entries"], s["entries"]) if s else "-"


def print_table(table, totals, conditions):
    head = "%-8s %-6s %-20s %-20s %-20s %5s %5s %5s %6s %6s %4s %7s %4s %s" % (
        "clip", "cond", "retake F1 (script)", "retake F1 (none)", "filler F1", "final", "rewd", "edges", "pauses",
        "joins", "dur", "capts", "cut", "screen")
    print(head)
    for r in table:
        print("%-8s %-6s %-20s %-20s %-20s %5s %5s %5s %6s %6s %4s %7s %4s %s" % (
            r["clip"], r["condition"], fmt_f1(r.get("retake")), fmt_f1(r.get("retake_noscript")), fmt_f1(r.get("filler")),
            r.get("final_cut", "-"), r.get("reworded", "-"), r.get("edges", "-"), r.get("pauses", "-"), r.get("joins", "-"),
            r.get("durations", "-"), r.get("captions", "-"), r.get("cut_shown", "-"),
            "/".join(x for x in (r.get("screen"), r.get("screen_always")) if x) or "-"))
    print("totals (F1 over each condition's clips):")
    for condition in conditions:
        values = [totals.f1((condition, "retake", True)), totals.f1((condition, "retake", False)), totals.f1((condition, "filler", True))]
        print("  %-6s retake F1 with the script %s, without %s; filler F1 %s" % (
            condition, *("%.3f" % v if v is not None else "-" for v in values)))
    print("columns: F1 (events found/planted, true entries/entries); final: final-take words cut; rewd: reworded "
          "flagged and not cut; edges: cut edges near kept words; joins: without a step/all; capts: caption starts "
          "within 0.10 s/captions; cut: cut words in captions; screen: moving-picture pause kept / cut with always")


def bad_renders(corpus, work, name):
    """Renders that must fail the render checks; returns failures when one passes."""
    truth = json.loads((corpus / (name + ".json")).read_text())
    video, words = corpus / (name + ".mp4"), corpus / (name + ".words.json")
    good = oracle_plan(truth, video.name)
    out = []
    cases = [
        ("hard cuts 60 ms into the next word", dict(fade=0.0), True, ("steps",), into_words(truth, good, 0.06)),
        ("the video left uncut", dict(uncut_video=True), True, ("durations",), good),
        ("the uncut take's captions", dict(), False, ("captions",), good),
    ]
    for what, render_args, cut_captions, must_fail, plan in cases:
        path = work / ("%s.bad-%s.mp4" % (name, must_fail[0]))
        oracle_render(video, plan, truth["fps"], path, **render_args)
        exported = oracle_captions(truth, plan, words, cut=cut_captions)
        r = score_render(truth, plan, video, path, exported)
        lines = render_failures("bad render", r)
        caught = {"steps": bool(r["steps"]), "durations": bool(r["durations"]),
                  "captions": bool(r["captions"]["late"] or r["captions"]["cut_words_shown"])}
        print("bad render (%s): %d failures, e.g. %s" % (what, len(lines), lines[0] if lines else "none"))
        for key in must_fail:
            if not caught[key]:
                out.append("a bad render (%s) passed the %s check" % (what, key))
    return out


def into_words(truth, plan, seconds):
    """A bad plan: each cut ends `seconds` into the first word after it (a hard cut mid-word)."""
    starts = sorted(w["start"] for w in truth["words"])
    cuts = []
    for c in plan["cuts"]:
        c = dict(c)
        if c["cut"]:
            after = [t for t in starts if t >= c["end"]]
            if after:
                c["end"] = after[0] + seconds
        cuts.append(c)
    bad = dict(plan, cuts=cuts)
    kept, at = [], 0.0
    for s, t in cs.merged([[c["start"], c["end"]] for c in cuts if c["cut"]]):
        if s > at:
            kept.append({"start": at, "end": s})
        at = max(at, t)
    if at < plan["duration"]:
        kept.append({"start": at, "end": plan["duration"]})
    bad["kept"], bad["keptDuration"] = kept, sum(k["end"] - k["start"] for k in kept)
    return bad


if __name__ == "__main__":
    sys.exit(main())
