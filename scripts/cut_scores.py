"""Scores of a cut plan and a cut render against scripts/make-takes.py's truth (issue 60).

Used by scripts/test-cuts.py; the cases of Tests/Cases/cut-scores.json check every function
(`test-cuts.py --self-test`). Plain Python and numpy.

A plan is `burn-captions cuts`' JSON: "cuts" (each with "start", "end", "reason": pause,
filler, restart or retake, "cut": true, or "cut": false with "flag": reworded or long),
"kept" (the ranges kept, in input seconds) and "keptDuration". Truth is make-takes.py's
NAME.json: "words" (start, end, take, sentence, filler, event) and "events" (kind, span,
reworded, length, kept, where, silence).

    import cut_scores as cs
    cs.retake_f1(truth, plan)         # restarts and retakes that are not reworded
    cs.filler_f1(truth, plan)
    cs.reworded(truth, plan)          # each reworded retake flagged (cut: false) and not cut
    cs.final_words_cut(truth, plan)   # final-take words a cut overlaps by more than 10 ms
    cs.edge_violations(truth, plan)   # cut edges within 20 ms of a kept word's edge
    cs.pauses(truth, plan)            # planted pauses shortened to the kept pause (60 ms)
    cs.plan_problems(plan)            # "kept" and "keptDuration" agree with the cuts
    cs.join_steps(audio, rate, joins, floor, cs.edge_levels(source, rate, kept))   # steps at a render's joins
    cs.duration_problems(streams, kept_total, fps)
    cs.captions(truth, plan, exported)          # caption starts and cut words shown

Matching (F1): a planted event is found when the cut: true entries of its class (restart and
retake for retakes, filler for fillers) together cover at least half its span; an entry is a
true positive when at least half of its own length lies inside found events' spans, else a
false positive. Precision is true-positive entries over entries, recall found events over
events; F1 their harmonic mean, 1.0 when there is neither an event nor an entry.
"""

import json
import subprocess
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import speech_scores  # noqa: E402

WORD_OVERLAP = 0.010  # a cut overlapping a word by more than this cuts the word
EDGE_MARGIN = 0.020  # no cut edge this close to a kept word's edge
PAUSE_TOLERANCE = 0.060
LEFT_ALONE = 0.010  # a pause left alone: at most this much of it cut
CAPTION_START_TOLERANCE = 0.10
CUT_WORD_NEAR = 1.0  # seconds on the cut timeline between a shown token and a cut word of its spelling
JOIN_WINDOW = 0.005
JOIN_NEAR = 0.010
JOIN_AROUND = 0.050
JOIN_STEP_DB = 6.0
RETAKE_REASONS = ("restart", "retake")
RETAKE_KINDS = ("restart", "retake-phrase", "retake-sentence")


def overlap(a0, a1, b0, b1):
    return max(0.0, min(a1, b1) - max(a0, b0))


def merged(intervals):
    """The union of [start, end] intervals, sorted and merged."""
    out = []
    for s, e in sorted((float(s), float(e)) for s, e in intervals if e > s):
        if out and s <= out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return out


def covered(s, e, intervals):
    """How much of [s, e] the union of intervals covers."""
    return sum(overlap(s, e, a, b) for a, b in merged(intervals))


def cut_spans(plan, reasons=None):
    """[start, end] of the plan's cut: true entries (of the given reasons)."""
    return [[c["start"], c["end"]] for c in plan.get("cuts", [])
            if c.get("cut") is True and (reasons is None or c.get("reason") in reasons)]


def _f1(events, entries):
    """Matches planted event spans with plan entries of one class (the rule in the docstring)."""
    found = [ev for ev in events if covered(ev["span"][0], ev["span"][1], entries) >= 0.5 * (ev["span"][1] - ev["span"][0])]
    found_spans = [ev["span"] for ev in found]
    true_entries = [en for en in entries if covered(en[0], en[1], found_spans) >= 0.5 * (en[1] - en[0])]
    false_entries = [en for en in entries if en not in true_entries]
    precision = len(true_entries) / len(entries) if entries else (1.0 if not events else 0.0)
    recall = len(found) / len(events) if events else 1.0
    if not events and not entries:
        f1 = 1.0
    else:
        f1 = 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0
    return {"events": len(events), "found": len(found), "entries": len(entries),
            "true_entries": len(true_entries), "precision": precision, "recall": recall, "f1": f1,
            "missed": [ev for ev in events if ev not in found], "false": false_entries}


def retake_f1(truth, plan):
    """Restarts, phrase and sentence retakes that are not reworded, against restart/retake cuts."""
    events = [e for e in truth["events"] if e["kind"] in RETAKE_KINDS and not e.get("reworded")]
    return _f1(events, cut_spans(plan, RETAKE_REASONS))


def filler_f1(truth, plan):
    events = [e for e in truth["events"] if e["kind"] == "filler"]
    return _f1(events, cut_spans(plan, ("filler",)))


def reworded(truth, plan):
    """Each reworded retake: flagged (a cut: false entry with flag reworded covering half its
    span) and not cut (no word of its earlier take overlapped by a cut: true entry > 10 ms)."""
    cuts = cut_spans(plan)
    flags = [[c["start"], c["end"]] for c in plan.get("cuts", []) if c.get("cut") is False and c.get("flag") == "reworded"]
    out = []
    for i, e in enumerate(truth["events"]):
        if not e.get("reworded"):
            continue
        s, t = e["span"]
        words = [w for w in truth["words"] if w.get("event") == i]
        cut_words = [w["text"] for w in words if covered(w["start"], w["end"], cuts) > WORD_OVERLAP]
        out.append({"sentence": e["sentence"], "text": e.get("text", ""),
                    "flagged": covered(s, t, flags) >= 0.5 * (t - s), "cut_words": cut_words})
    return out


def final_words_cut(truth, plan):
    """Truth words of the final take (not fillers) that a cut: true entry overlaps by more than 10 ms."""
    cuts = cut_spans(plan)
    return [w for w in truth["words"] if w["take"] == "final" and not w.get("filler")
            and covered(w["start"], w["end"], cuts) > WORD_OVERLAP]


def kept_words(truth, plan):
    """Truth words not cut (overlapped by cut: true entries 10 ms or less)."""
    cuts = cut_spans(plan)
    return [w for w in truth["words"] if covered(w["start"], w["end"], cuts) <= WORD_OVERLAP]


def edge_violations(truth, plan, margin=EDGE_MARGIN):
    """(cut edge, word) pairs where a cut: true edge lies within margin of a kept word's start or end."""
    kept = kept_words(truth, plan)
    out = []
    for s, e in merged(cut_spans(plan)):
        for edge in (s, e):
            for w in kept:
                if min(abs(edge - w["start"]), abs(edge - w["end"])) < margin - 1e-9 or w["start"] < edge < w["end"]:
                    out.append({"edge": edge, "word": w["text"], "start": w["start"], "end": w["end"]})
    return out


def pauses(truth, plan, moving_picture=False, cut_moving=False, tolerance=PAUSE_TOLERANCE):
    """Each planted pause: the silence left after the cuts and whether it is right. A pause
    longer than its kept pause must be left within 60 ms of it; one no longer (0.3 s) must be
    left alone. With moving_picture (the plan is of NAME-screen.mp4) a pause over the moving
    picture is left alone unless cut_moving (--cut-pauses always)."""
    cuts = cut_spans(plan)
    out = []
    for e in truth["events"]:
        if e["kind"] != "pause":
            continue
        s, t = e["silence"]
        length = t - s
        remaining = length - covered(s, t, cuts)
        alone = e["span"] is None or (moving_picture and e.get("moving_picture") and not cut_moving)
        if alone:
            ok = length - remaining <= LEFT_ALONE
            want = length
        else:
            ok = abs(remaining - e["kept"]) <= tolerance
            want = e["kept"]
        out.append({"where": e["where"], "length": round(length, 4), "remaining": round(remaining, 4),
                    "want": want, "ok": ok, "at": s, "moving": bool(e.get("moving_picture"))})
    return out


def kept_ranges(plan):
    return [[k["start"], k["end"]] for k in plan.get("kept", [])]


def plan_problems(plan, tolerance=0.001):
    """Where "kept" is not the complement of the cut: true entries in [0, duration], or
    "keptDuration" not their sum."""
    problems = []
    duration = plan.get("duration")
    if duration is None:
        return ["no duration"]
    expect, at = [], 0.0
    for s, e in merged(cut_spans(plan)):
        s, e = max(0.0, s), min(duration, e)
        if s > at:
            expect.append([at, s])
        at = max(at, e)
    if at < duration:
        expect.append([at, duration])
    kept = kept_ranges(plan)
    if len(kept) != len(expect) or any(abs(a[0] - b[0]) > tolerance or abs(a[1] - b[1]) > tolerance
                                       for a, b in zip(kept, expect)):
        problems.append("kept %s is not the complement of the cuts %s" % (_short(kept), _short(expect)))
    total = sum(e - s for s, e in kept)
    if abs(total - plan.get("keptDuration", -1)) > tolerance:
        problems.append("keptDuration %s is not the kept ranges' sum %.3f" % (plan.get("keptDuration"), total))
    return problems


def _short(ranges):
    return "[" + ", ".join("%.3f-%.3f" % (s, e) for s, e in ranges[:4]) + (", ..." if len(ranges) > 4 else "") + "]"


def output_time(t, kept):
    """Input time t on the cut timeline (None when t lies in a cut)."""
    at = 0.0
    for s, e in kept:
        if s - 1e-9 <= t <= e + 1e-9:
            return at + (t - s)
        at += e - s
    return None


def timeline_time(t, kept):
    """Input time t on the cut timeline, a time in a cut at the join that replaces the cut."""
    at = 0.0
    for s, e in kept:
        if t < s:
            return at
        if t <= e:
            return at + (t - s)
        at += e - s
    return at


def joins(kept):
    """Output times of the joins between kept ranges."""
    out, at = [], 0.0
    for s, e in kept[:-1]:
        at += e - s
        out.append(at)
    return out


def _rms(x):
    return float(np.sqrt(np.mean(np.square(x)))) if len(x) else 0.0


def _peak_window(x, rate):
    """The loudest 5 ms window's RMS in x (1 ms steps)."""
    win = int(round(JOIN_WINDOW * rate))
    if len(x) == 0:
        return 0.0
    return max(_rms(x[k:k + win]) for k in range(0, max(1, len(x) - win + 1), max(1, win // 5)))


def edge_levels(source, rate, kept):
    """Per join, the loudest 5 ms window of the source (the input's audio) within 10 ms inside
    the two kept edges that meet there: what the join may carry of the input's own sound."""
    near = int(round(JOIN_NEAR * rate))
    out = []
    for (s0, e0), (s1, e1) in zip(kept, kept[1:]):
        a, b = int(round(e0 * rate)), int(round(s1 * rate))
        out.append(max(_peak_window(source[max(0, a - near):a], rate), _peak_window(source[b:b + near], rate)))
    return out


def join_steps(audio, rate, join_times, floor, edges=None):
    """Joins with a step: a 5 ms window within 10 ms of the join more than 6 dB louder than the
    louder of the 50 ms on either side of it (outside those 10 ms) and than the input's own
    sound at the two kept edges (edges, from edge_levels): a click or a burst the join made;
    or, when a side is silent (its RMS under floor), more than 6 dB louder than floor: a cut
    from silence into sound (a word cut into). A level change between two sides that both
    sound (a music bed, noise) is no step. floor None: no side is silent (a recording under a
    bed, whose quiet moments are the bed's). Returns [{"at", "step_db"}] of the failing joins."""
    audio = np.asarray(audio, dtype=np.float64)
    near, around = int(round(JOIN_NEAR * rate)), int(round(JOIN_AROUND * rate))
    bad = []
    for n, t in enumerate(join_times):
        j = int(round(t * rate))
        peak = _peak_window(audio[max(0, j - near):min(len(audio), j + near)], rate)
        left = _rms(audio[max(0, j - near - around):max(0, j - near)])
        right = _rms(audio[min(len(audio), j + near):min(len(audio), j + near + around)])
        if floor is not None and min(left, right) < floor:
            reference = floor
        else:
            reference = max(left, right, edges[n] if edges else 0.0, 1e-9)
        step = 20 * np.log10(max(peak, 1e-12) / reference)
        if step > JOIN_STEP_DB:
            bad.append({"at": round(t, 4), "step_db": round(float(step), 2)})
    return bad


def probe_streams(path):
    """{"audio": seconds, "video": seconds} of a media file's first streams (ffprobe)."""
    out = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "stream=codec_type,duration",
                          "-of", "json", str(path)], check=True, capture_output=True, text=True).stdout
    streams = {}
    for s in json.loads(out).get("streams", []):
        if s.get("codec_type") in ("audio", "video") and s["codec_type"] not in streams and "duration" in s:
            streams[s["codec_type"]] = float(s["duration"])
    return streams


def duration_problems(streams, kept_total, fps):
    """The audio and video streams last the same within a frame, and each the kept total."""
    frame = 1.0 / fps + 1e-6
    problems = []
    if "audio" not in streams or "video" not in streams:
        return ["streams %s: want an audio and a video stream" % sorted(streams)]
    a, v = streams["audio"], streams["video"]
    if abs(a - v) > frame:
        problems.append("audio %.3f s and video %.3f s differ by more than a frame" % (a, v))
    for kind, d in (("audio", a), ("video", v)):
        if abs(d - kept_total) > frame:
            problems.append("%s %.3f s is not the kept ranges' %.3f s within a frame" % (kind, d, kept_total))
    return problems


def read_audio(path, rate=16000):
    """A media file's audio as mono float samples at rate (ffmpeg)."""
    out = subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-i", str(path), "-map", "0:a:0", "-ac", "1",
                          "-ar", str(rate), "-f", "f32le", "-"], check=True, capture_output=True).stdout
    return np.frombuffer(out, dtype="<f4").astype(np.float64)


def _tokens(words):
    toks, owners = [], []
    for k, w in enumerate(words):
        for t in speech_scores.tokens(w["text"], "en"):
            toks.append(t)
            owners.append(k)
    return toks, owners


def captions(truth, plan, exported, tolerance=CAPTION_START_TOLERANCE):
    """The cut render's captions (native JSON on the cut timeline) against the kept words:
    each caption's start within tolerance of its first word's true start mapped onto the cut
    timeline, and no caption token that is a cut word: a token left over by the alignment
    with the kept words that equals a token of a cut word said within CUT_WORD_NEAR of it on
    the cut timeline (a cut word sits at its cut's join there). A left-over token far from
    any cut word of its spelling is a misheard word ("other_extra"), not a cut word shown."""
    kept = kept_ranges(plan)
    keep = [w for w in kept_words(truth, plan) if not w.get("filler")]
    expected = []
    for w in keep:
        t = output_time(w["start"], kept)
        if t is not None:
            expected.append({"text": w["text"], "start": t})
    cut_at = {}  # token -> cut-timeline times of the cut words spelled so (each at its join)
    kept_ids = {id(w) for w in keep}
    for w in truth["words"]:
        if id(w) not in kept_ids and not w.get("filler"):
            at = timeline_time((w["start"] + w["end"]) / 2, kept)
            for t in speech_scores.tokens(w["text"], "en"):
                cut_at.setdefault(t, []).append(at)
    segments = exported.get("segments", [])
    shown = []  # per shown word: text, segment index, cut-timeline span
    for i, seg in enumerate(segments):
        words = seg.get("words") or [{"text": t, "start": seg["start"], "end": seg["end"]}
                                     for t in seg.get("text", "").split()]
        for w in words:
            shown.append({"text": w["text"], "segment": i, "start": w["start"], "end": w["end"]})
    ref, ref_owner = _tokens(expected)
    hyp, hyp_owner = _tokens(shown)
    _, pairs = speech_scores._align(ref, hyp)  # Levenshtein alignment of equal tokens
    matched_hyp = {j: i for i, j in pairs}
    late, starts, errors = [], 0, []
    first_token = {}
    for j, owner in enumerate(hyp_owner):
        first_token.setdefault(shown[owner]["segment"], j)
    for seg_index, j in sorted(first_token.items()):
        if j in matched_hyp:
            starts += 1
            want = expected[ref_owner[matched_hyp[j]]]["start"]
            err = segments[seg_index]["start"] - want
            errors.append(abs(err))
            if abs(err) > tolerance:
                late.append({"segment": seg_index, "text": segments[seg_index]["text"], "error": round(err, 3)})
    shown_cut, other = [], []
    for j in range(len(hyp)):
        if j in matched_hyp:
            continue
        w = shown[hyp_owner[j]]
        near = any(w["start"] - CUT_WORD_NEAR <= at <= w["end"] + CUT_WORD_NEAR for at in cut_at.get(hyp[j], []))
        (shown_cut if near else other).append(hyp[j])
    return {"segments": len(segments), "starts_measured": starts, "late": late, "start_errors": errors,
            "cut_words_shown": shown_cut, "other_extra": other,
            "missing": len(ref) - len(pairs), "expected_words": len(ref)}
