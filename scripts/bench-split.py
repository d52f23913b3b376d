#!/usr/bin/env python3
"""`make bench-split`: a split render (plan --segments N, the parts, join) against one render.

On the bench clip (60 s, 1080x1920, made by scripts/bench.py), in interleaved rounds, for N
= 1, 2 and 4 segments: one render (N = 1); `plan --segments N`; each part alone, as one node
of a farm renders it; all N parts at once on this machine; and the join. Medians over the
rounds. From the measured costs it projects the wall time on N nodes (plan + the longest part
+ join) and, scaled by duration, for a two-hour recording. With --write FILE the table
replaces the `split-bench` section of FILE (docs/RENDER-FARM.md).
"""

import argparse
import importlib.util
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("bench", REPO / "scripts" / "bench.py")
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)
BIN = str(bench.BIN)
COUNTS = [1, 2, 4]


def encoder_options():
    preset, crf = bench.X264
    return ["-q", "--encoder-preset", preset, "--crf", crf]


def at_once(commands):
    """Runs `commands` side by side; wall seconds until the last ends, and their CPU seconds."""
    start = time.monotonic()
    processes = [subprocess.Popen(c, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                 for c in commands]
    cpu = 0.0
    for process in processes:
        _, status, usage = os.wait4(process.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit("bench-split: failed: %s\n%s" % (" ".join(process.args), process.stderr.read().decode()))
        cpu += usage.ru_utime + usage.ru_stime
    return {"wall": time.monotonic() - start, "cpu": cpu}


def split_round(clip, captions, count, work):
    """One split render of `count` segments: each step's figures."""
    plan = work / ("plan-%d.json" % count)
    result = {"plan": bench.measure([BIN, "plan", str(clip), "--captions", str(captions), "--preset", "tiktok",
                                     "--segments", str(count), "-o", str(plan)])}
    parts = [work / ("part-%d-%d.mp4" % (count, i)) for i in range(count)]
    commands = [[BIN, str(clip), "--plan", str(plan), "--segment", "%d/%d" % (i, count), "-o", str(parts[i])]
                + encoder_options() for i in range(count)]
    result["alone"] = [bench.measure(c) for c in commands]
    result["together"] = at_once(commands)
    result["join"] = bench.measure([BIN, "join", "--input", str(clip), "-o", str(work / ("joined-%d.mp4" % count)), "-q"]
                                   + [str(p) for p in parts])
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--write", help="write the table into this Markdown file")
    options = parser.parse_args()
    clip, captions, _ = bench.inputs(60)
    frames = bench.frame_count(clip)
    single, splits = [], {n: [] for n in COUNTS[1:]}
    with tempfile.TemporaryDirectory(prefix="bench-split-", dir=bench.BENCH) as folder:
        work = Path(folder)
        for index in range(options.rounds):
            order = COUNTS[index % len(COUNTS):] + COUNTS[:index % len(COUNTS)]
            for count in order:
                if count == 1:
                    single.append(bench.measure([BIN, str(clip), "--captions", str(captions), "--preset", "tiktok",
                                                 "-o", str(work / "single.mp4")] + encoder_options()))
                    bench.log("round %d, one render: %.1f s" % (index + 1, single[-1]["wall"]))
                else:
                    splits[count].append(split_round(clip, captions, count, work))
                    r = splits[count][-1]
                    bench.log("round %d, %d segments: plan %.2f s, parts alone %s s, at once %.1f s, join %.2f s" % (
                        index + 1, count, r["plan"]["wall"], " ".join("%.1f" % p["wall"] for p in r["alone"]),
                        r["together"]["wall"], r["join"]["wall"]))
    median = statistics.median
    one = median(r["wall"] for r in single)
    one_cpu = median(r["cpu"] for r in single)
    rows = ["| segments | plan s | each part alone, wall s | all parts at once here, wall s | join s | join / one render "
            "| plan + parts at once + join, s | on N nodes: plan + longest part + join, s |",
            "|---|---|---|---|---|---|---|---|",
            "| 1 (one render) | | %.1f | | | | %.1f | %.1f |" % (one, one, one)]
    model = {}
    for count, runs in splits.items():
        plan = median(r["plan"]["wall"] for r in runs)
        alone = [median(r["alone"][i]["wall"] for r in runs) for i in range(count)]
        together = median(r["together"]["wall"] for r in runs)
        join = median(r["join"]["wall"] for r in runs)
        parts_cpu = median(sum(p["cpu"] for p in r["alone"]) for r in runs)
        model[count] = {"plan": plan, "join": join, "longest": max(alone), "overhead": parts_cpu / one_cpu}
        rows.append("| %d | %.2f | %s | %.1f | %.2f | %.1f %% | %.1f | %.1f |" % (
            count, plan, " ".join("%.1f" % a for a in alone), together, join, 100 * join / one,
            plan + together + join, plan + max(alone) + join))
    four = model[max(model)]
    # A part on its own node costs one render's share of the work times the measured overhead;
    # the join and the plan grow with the duration.
    per_second = one / 60
    projection = ["| nodes | 60 s clip, s | 2 h recording, s |", "|---|---|---|"]
    for nodes in [1, 4, 16, 64]:
        clip_time = four["plan"] + (one / nodes) * four["overhead"] + four["join"] if nodes > 1 else one
        long_time = (120 * (four["plan"] + four["join"]) + 7200 * per_second / nodes * four["overhead"]
                     if nodes > 1 else 7200 * per_second)
        projection.append("| %d | %.1f | %.0f |" % (nodes, clip_time, long_time))
    text = "\n".join([
        "Measured %s on: %s." % (time.strftime("%Y-%m-%d"), bench.machine()),
        "",
        "Clip: 60 s, 1080x1920, %d frames at 30 fps, a keyframe every 2 s; x264 %s crf %s with %d threads; "
        "%d interleaved rounds, medians." % (frames, bench.X264[0], bench.X264[1], os.cpu_count(), options.rounds),
        "",
        *rows,
        "",
        "All the parts of %d segments cost %.3f times one render's CPU (%.1f s against %.1f s)%s. All parts "
        "at once on this machine beat one render a little: two processes keep both cores busier than one. "
        "Projection for N nodes, one part each: plan + one render's time / N x %.3f + join, with the plan "
        "and the join (%.2f s and %.2f s here) taken as growing with the duration for the two-hour recording "
        "(120 times this clip; the keyframe search does not grow):" % (
            max(model), four["overhead"], four["overhead"] * one_cpu, one_cpu,
            ": splitting adds no measurable work" if abs(four["overhead"] - 1) < 0.02
            else ": each part restarts the encoder's lookahead and opens with a keyframe",
            four["overhead"], four["plan"], four["join"]),
        "",
        *projection,
    ])
    print(text)
    if options.write:
        bench.replace_section(Path(options.write), "split-bench", text)


if __name__ == "__main__":
    main()
