#!/usr/bin/env python3
"""`make test-image`: the worker image (`make image`) runs a batch on the sample, sets a
Japanese, an Arabic and an emoji caption in the right faces, and draws the same pixels as the
development machine.

Inside the image means: `podman run` of burn-captions:latest where podman works, else
`chroot` into .build/image/rootfs as the image's user (uid 10001), in a mount namespace of
its own with /proc and /dev, and nothing of the host's environment. Checks:

1. `burn-captions batch` of a two-job manifest (the sample with its captions; the sample with
   captions in three scripts) writes both videos, each with the input's frame count, and a
   rerun skips both;
2. `plan` of the three-script captions names the same faces inside and outside, and the
   expected ones: Noto Sans CJK JP, Noto Sans Arabic, Noto Color Emoji;
3. `still` at each caption's midpoint gives the same PNG bytes inside and outside.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROOTFS = ROOT / ".build/image/rootfs"
HOST_BIN = ROOT / ".build/release/burn-captions"
UID = 10001
WORK = "/work/test-image"  # inside the image

SCRIPTS = [
    {"language": "ja", "start": 0.5, "end": 3.0, "text": "字幕はどこでも読みやすく", "face": "Noto Sans CJK JP"},
    {"language": "ar", "start": 3.5, "end": 6.0, "text": "مرحبا بكم في برنامجنا", "face": "Noto Sans Arabic"},
    {"language": "en", "start": 6.5, "end": 9.0, "text": "Let's go 🚀🔥", "face": "Noto Color Emoji"},
]


def fail(message):
    sys.exit("test-image: FAILED: " + message)


_podman = None


def podman_works():
    """Whether podman can run the imported image here (asked once)."""
    global _podman
    if _podman is None:
        _podman = bool(shutil.which("podman")) and subprocess.run(
            ["podman", "run", "--rm", "--network=none", "burn-captions:latest", "--version"], capture_output=True
        ).returncode == 0
    return _podman


def inside(arguments, work):
    """burn-captions ARGUMENTS inside the image, with `work` (host) as WORK; returns the result."""
    if podman_works():
        command = ["podman", "run", "--rm", "--network=none", "-v", "%s:%s" % (work, WORK), "burn-captions:latest"] + arguments
    else:
        run = " ".join([
            "mount --make-rprivate / &&",
            "mount -t proc proc {root}/proc && mount --rbind /dev {root}/dev &&",
            "exec chroot --userspec={uid}:{uid} {root} /usr/bin/env -i HOME=/home/burn PATH=/usr/local/bin:/usr/bin:/bin",
            "BURN_CAPTIONS_HOME=/usr/local/share/burn-captions /usr/local/bin/burn-captions",
        ]).format(root=ROOTFS, uid=UID)
        command = ["unshare", "--mount", "--fork", "sh", "-c", run + " " + " ".join(_quote(a) for a in arguments)]
    return subprocess.run(command, capture_output=True, text=True)


def outside(arguments):
    return subprocess.run([str(HOST_BIN)] + arguments, capture_output=True, text=True)


def _quote(text):
    return "'" + text.replace("'", "'\\''") + "'"


def frame_count(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
                          "stream=nb_read_frames", "-of", "csv=p=0", str(path)], capture_output=True, text=True)
    if out.returncode != 0:
        fail("%s is not a valid video: %s" % (path, out.stderr.strip()))
    return int(out.stdout.strip())


def main():
    if not (ROOTFS / "usr/local/bin/burn-captions").exists():
        fail("%s is missing: run make image" % ROOTFS)
    # The work folder lives in the image's /work, so chroot and podman see it at one path.
    work = ROOTFS / WORK.lstrip("/")
    if work.exists():
        shutil.rmtree(work)
    (work / "out").mkdir(parents=True)
    for name in ["talk.mp4", "talk.json"]:
        shutil.copy(ROOT / "Samples" / name, work / name)
    segments = [{k: s[k] for k in ("language", "start", "end", "text")} for s in SCRIPTS]
    (work / "scripts.json").write_text(json.dumps({"segments": segments}, ensure_ascii=False))
    jobs = [
        {"input": "talk.mp4", "captions": "talk.json", "output": "out/talk.mp4"},
        {"input": "talk.mp4", "captions": "scripts.json", "output": "out/scripts.mp4"},
    ]
    (work / "manifest.jsonl").write_text("".join(json.dumps(job) + "\n" for job in jobs))
    for path in [work] + list(work.rglob("*")):
        os.chown(path, UID, UID)
    mode = "podman" if podman_works() else "chroot"
    print("test-image: running inside the image with %s" % mode)

    # 1. A batch inside the image, then a rerun that skips.
    batch = inside(["batch", WORK + "/manifest.jsonl", "--report", WORK + "/out/report.jsonl"], work)
    if batch.returncode != 0:
        fail("batch exited %d: %s %s" % (batch.returncode, batch.stdout, batch.stderr))
    expected = frame_count(ROOT / "Samples/talk.mp4")
    for job in jobs:
        frames = frame_count(work / job["output"])
        if frames != expected:
            fail("%s has %d frames, the input %d" % (job["output"], frames, expected))
    def statuses(report):
        return [json.loads(line)["status"] for line in (work / "out" / report).read_text().splitlines() if line]
    if statuses("report.jsonl") != ["done"] * len(jobs):
        fail("the report says %s" % statuses("report.jsonl"))
    again = inside(["batch", WORK + "/manifest.jsonl", "--report", WORK + "/out/again.jsonl"], work)
    if again.returncode != 0:
        fail("rerun exited %d: %s" % (again.returncode, again.stderr))
    if statuses("again.jsonl") != ["skipped"] * len(jobs):
        fail("the rerun says %s, not skipped" % statuses("again.jsonl"))
    print("test-image: batch: %d jobs done, %d frames each as the input; the rerun skipped them" % (len(jobs), expected))

    # 2. The faces, inside and outside.
    plan_in = inside(["plan", WORK + "/talk.mp4", "--captions", WORK + "/scripts.json"], work)
    plan_out = outside(["plan", str(work / "talk.mp4"), "--captions", str(work / "scripts.json")])
    if plan_in.returncode != 0 or plan_out.returncode != 0:
        fail("plan: %s %s" % (plan_in.stderr, plan_out.stderr))
    fonts_in = [[l["fonts"] for l in c["lines"]] for c in json.loads(plan_in.stdout)["captions"]]
    fonts_out = [[l["fonts"] for l in c["lines"]] for c in json.loads(plan_out.stdout)["captions"]]
    if fonts_in != fonts_out:
        fail("faces differ: inside %s, outside %s" % (fonts_in, fonts_out))
    for script, lines in zip(SCRIPTS, fonts_in):
        faces = {face for line in lines for face in line}
        if script["face"] not in faces:
            fail("%s is set in %s, not %s" % (script["text"], sorted(faces), script["face"]))
        print("test-image: %s: %s" % (script["language"], ", ".join(sorted(faces))))

    # 3. Stills: the same bytes inside and outside.
    for index, script in enumerate(SCRIPTS):
        at = "%.3f" % ((script["start"] + script["end"]) / 2)
        name = "still-%d.png" % index
        made = inside(["still", WORK + "/talk.mp4", "--captions", WORK + "/scripts.json", "--at", at,
                       "-o", WORK + "/out/" + name], work)
        if made.returncode != 0:
            fail("still inside: %s" % made.stderr)
        host = work / ("host-" + name)
        made = outside(["still", str(work / "talk.mp4"), "--captions", str(work / "scripts.json"), "--at", at,
                        "-o", str(host)])
        if made.returncode != 0:
            fail("still outside: %s" % made.stderr)
        if (work / "out" / name).read_bytes() != host.read_bytes():
            fail("the still at %s s differs inside the image (%s) from outside (%s)" % (at, work / "out" / name, host))
    print("test-image: %d stills byte-identical inside and outside" % len(SCRIPTS))
    print("test-image: image %d MiB (root file system)" % (
        int(subprocess.run(["du", "-sm", str(ROOTFS)], capture_output=True, text=True).stdout.split()[0])))
    print("test-image: passed")


if __name__ == "__main__":
    main()
