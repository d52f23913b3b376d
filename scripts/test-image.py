#!/usr/bin/env python3
"""`make test-image`: the worker image (`make image`) runs a batch on the sample, recognizes
speech with its own engine and model (`"captions": "auto"`), sets a Japanese, an Arabic and an
emoji caption in the right faces, and draws the same pixels as the development machine.

Inside the image means: `podman run --network=none` of burn-captions:latest where podman
works, else `chroot` into .build/image/rootfs as the image's user (uid 10001, HOME=/home/burn),
in a mount and network namespace of its own (no network) with /proc and /dev, and nothing of
the host's environment. The transcript cache is WORK/cache inside (BURN_CAPTIONS_CACHE, as a
farm points it at shared storage), its own folder outside. Checks:

0. the image's burn-captions is `make deb`'s package, installed by dpkg (/usr/bin,
   /usr/share/burn-captions; no variable points it at its files), its binary the one the
   package holds, and the .deb itself is not left in the image;
1. `burn-captions batch` of a three-job manifest (the sample with its captions; the sample with
   captions in three scripts; the sample's first 5 s, cut by stream copy, with
   `"captions": "auto"`) writes the three videos, each with its input's frame count, and a
   rerun skips them all;
2. `plan --captions auto` of the clip inside, the second recognition there, is served from
   the transcript cache and gives the same caption texts as outside; `transcribe` of the clip
   inside with an empty cache (what a job's recognition costs in the image) hears the words
   the development machine's `transcribe` hears (its own engine and model, afresh);
3. `plan` of the three-script captions names the same faces inside and outside, and the
   expected ones: Noto Sans CJK JP, Noto Sans Arabic, Noto Color Emoji; `plan --emoji auto`
   of the sample adds the same emoji inside as outside (the CLDR annotations the image keeps);
4. `still` at each caption's midpoint gives the same PNG bytes inside and outside;
5. `plan --avoid faces,text` of the sample with a lower third drawn on it (the face model
   of the package and Tesseract's model, from the image's packages) finds the lower third, the same
   obstacles inside and outside, and moves the captions under it.
"""

import filecmp
import json
import os
import re
import resource
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROOTFS = ROOT / ".build/image/rootfs"
HOST_BIN = ROOT / ".build/release/burn-captions"
UID = 10001
WORK = "/work/test-image"  # inside the image
CACHE = WORK + "/cache"  # the transcript cache inside the image
SPEECH_SECONDS = 5  # the clip of the sample that `"captions": "auto"` recognizes

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


def inside(arguments, work, cache=CACHE):
    """burn-captions ARGUMENTS inside the image, with `work` (host) as WORK and `cache` as the
    transcript cache; returns the result."""
    if podman_works():
        command = ["podman", "run", "--rm", "--network=none", "-v", "%s:%s" % (work, WORK),
                   "-e", "BURN_CAPTIONS_CACHE=" + cache, "burn-captions:latest"] + arguments
    else:
        run = " ".join([
            "mount --make-rprivate / &&",
            "mount -t proc proc {root}/proc && mount --rbind /dev {root}/dev &&",
            "exec chroot --userspec={uid}:{uid} {root} /usr/bin/env -i HOME=/home/burn PATH=/usr/bin:/bin",
            "BURN_CAPTIONS_CACHE={cache} /usr/bin/burn-captions",
        ]).format(root=ROOTFS, uid=UID, cache=cache)
        # --net: a network namespace with nothing but the loopback, as podman's --network=none
        # (Foundation's Process wants a loopback: without one it says "Could not create wakeup
        # socket pair for CFSocket").
        command = ["unshare", "--mount", "--net", "--fork", "sh", "-c",
                   "ip link set lo up && " + run + " " + " ".join(_quote(a) for a in arguments)]
    return subprocess.run(command, capture_output=True, text=True)


def outside(arguments, work, cache="host-cache"):
    """The development machine's burn-captions, with a transcript cache of its own in `work`."""
    environment = dict(os.environ, BURN_CAPTIONS_CACHE=str(work / cache))
    return subprocess.run([str(HOST_BIN)] + arguments, capture_output=True, text=True, env=environment)


def _quote(text):
    return "'" + text.replace("'", "'\\''") + "'"


def frame_count(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
                          "stream=nb_read_frames", "-of", "csv=p=0", str(path)], capture_output=True, text=True)
    if out.returncode != 0:
        fail("%s is not a valid video: %s" % (path, out.stderr.strip()))
    return int(out.stdout.strip())


RECOGNIZED = re.compile(r"speech recognized with (\S+) .*; (from the transcript cache|([0-9.]+) s)$", re.M)


def recognition_line(stderr, what):
    """The summary line of a recognition in `stderr`: (model, seconds or None when cached)."""
    found = RECOGNIZED.search(stderr)
    if not found:
        fail("%s: no recognition line in its output: %s" % (what, stderr.strip()))
    return found.group(1), (float(found.group(3)) if found.group(3) else None)


def transcript_words(path):
    """The words of a native transcript: (text, start, end) each."""
    segments = json.loads(Path(path).read_text())["segments"]
    return [(w["text"], w["start"], w["end"]) for segment in segments for w in segment["words"]]


def prepare(work):
    """The work folder (in the image's /work, so chroot and podman see it at one path) and the
    three jobs of the batch."""
    if work.exists():
        shutil.rmtree(work)
    (work / "out").mkdir(parents=True)
    for name in ["talk.mp4", "talk.json"]:
        shutil.copy(ROOT / "Samples" / name, work / name)
    cut = subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-i", str(ROOT / "Samples/talk.mp4"), "-t",
                          str(SPEECH_SECONDS), "-c", "copy", str(work / "speech.mp4")], capture_output=True, text=True)
    if cut.returncode != 0:
        fail("ffmpeg could not cut the clip: %s" % cut.stderr)
    segments = [{k: s[k] for k in ("language", "start", "end", "text")} for s in SCRIPTS]
    (work / "scripts.json").write_text(json.dumps({"segments": segments}, ensure_ascii=False))
    jobs = [
        {"input": "talk.mp4", "captions": "talk.json", "output": "out/talk.mp4"},
        {"input": "talk.mp4", "captions": "scripts.json", "output": "out/scripts.mp4"},
        {"input": "speech.mp4", "captions": "auto", "output": "out/speech.mp4"},
    ]
    lower = subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-i", str(ROOT / "Samples/talk.mp4"), "-t", "4",
                            "-vf", "drawbox=x=60:y=1120:w=960:h=170:color=0x202830:t=fill,drawtext=fontfile="
                            "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf:text='Ada Lovelace':fontsize=72:"
                            "fontcolor=white:x=100:y=1160", "-c:v", "libx264", "-an", str(work / "lower.mp4")],
                           capture_output=True, text=True)
    if lower.returncode != 0:
        fail("ffmpeg could not draw the lower third: %s" % lower.stderr)
    (work / "manifest.jsonl").write_text("".join(json.dumps(job) + "\n" for job in jobs))
    for path in [work] + list(work.rglob("*")):
        os.chown(path, UID, UID)
    return jobs


def check_batch(work, jobs):
    """1. The batch inside, each video with its input's frames; a rerun skips every job."""
    batch = inside(["batch", WORK + "/manifest.jsonl", "--report", WORK + "/out/report.jsonl"], work)
    if batch.returncode != 0:
        fail("batch exited %d: %s %s" % (batch.returncode, batch.stdout, batch.stderr))
    for job in jobs:
        frames, expected = frame_count(work / job["output"]), frame_count(work / job["input"])
        if frames != expected:
            fail("%s has %d frames, its input %d" % (job["output"], frames, expected))
    def statuses(report):
        return [json.loads(line)["status"] for line in (work / "out" / report).read_text().splitlines() if line]
    if statuses("report.jsonl") != ["done"] * len(jobs):
        fail("the report says %s" % statuses("report.jsonl"))
    again = inside(["batch", WORK + "/manifest.jsonl", "--report", WORK + "/out/again.jsonl"], work)
    if again.returncode != 0:
        fail("rerun exited %d: %s" % (again.returncode, again.stderr))
    if statuses("again.jsonl") != ["skipped"] * len(jobs):
        fail("the rerun says %s, not skipped" % statuses("again.jsonl"))
    auto = json.loads((work / "out/report.jsonl").read_text().splitlines()[-1])
    print("test-image: batch: %d jobs done, each with its input's frames (the \"captions\": \"auto\" job on %d s "
          "of the sample: %.1f s); the rerun skipped them" % (len(jobs), SPEECH_SECONDS, auto["seconds"]))


def check_recognition(work):
    """2. The clip again inside (from the cache), and afresh against the development machine."""
    plan_in = inside(["plan", WORK + "/speech.mp4", "--captions", "auto"], work)
    plan_out = outside(["plan", str(work / "speech.mp4"), "--captions", "auto"], work)
    if plan_in.returncode != 0 or plan_out.returncode != 0:
        fail("plan --captions auto: %s %s" % (plan_in.stderr, plan_out.stderr))
    if "from the transcript cache" not in plan_in.stderr:
        fail("the second recognition inside was not served from the transcript cache: %s" % plan_in.stderr.strip())
    texts_in = [c["text"] for c in json.loads(plan_in.stdout)["captions"]]
    texts_out = [c["text"] for c in json.loads(plan_out.stdout)["captions"]]
    if texts_in != texts_out:
        fail("plan --captions auto: inside %s, outside %s" % (texts_in, texts_out))
    print("test-image: plan --captions auto inside: from the transcript cache, the same %d captions as outside: %s"
          % (len(texts_in), " / ".join(texts_in)))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    fresh = inside(["transcribe", WORK + "/speech.mp4", "-o", WORK + "/out/inside.json"], work, cache=CACHE + "-fresh")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    if fresh.returncode != 0:
        fail("transcribe inside exited %d: %s" % (fresh.returncode, fresh.stderr))
    model, seconds = recognition_line(fresh.stderr, "transcribe inside")
    if seconds is None:
        fail("transcribe inside was served from a cache that should be empty")
    host = outside(["transcribe", str(work / "speech.mp4"), "-o", str(work / "host.json")], work, cache="host-cache-fresh")
    if host.returncode != 0:
        fail("transcribe outside exited %d: %s" % (host.returncode, host.stderr))
    _, host_seconds = recognition_line(host.stderr, "transcribe outside")
    if host_seconds is None:
        fail("transcribe outside was served from a cache that should be empty")
    words_in, words_out = transcript_words(work / "out/inside.json"), transcript_words(work / "host.json")
    if not words_out:
        fail("the development machine heard no words in the clip")
    if [w[0] for w in words_in] != [w[0] for w in words_out]:
        fail("inside the image the clip says %s, outside %s" % ([w[0] for w in words_in], [w[0] for w in words_out]))
    shift = max(max(abs(a[1] - b[1]), abs(a[2] - b[2])) for a, b in zip(words_in, words_out))
    print("test-image: transcribe afresh: %s recognized %d s in %.1f s inside (%.1f CPU s for the whole run; "
          "%.1f s outside), the same %d words (their times at most %.3f s apart)"
          % (model, SPEECH_SECONDS, seconds, cpu, host_seconds, len(words_in), shift))


def check_faces(work):
    """3. The faces of the three-script captions, inside and outside."""
    plan_in = inside(["plan", WORK + "/talk.mp4", "--captions", WORK + "/scripts.json"], work)
    plan_out = outside(["plan", str(work / "talk.mp4"), "--captions", str(work / "scripts.json")], work)
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
    # --emoji auto reads the CLDR annotations the image keeps of unicode-cldr-core.
    texts = []
    for result in [inside(["plan", WORK + "/talk.mp4", "--captions", WORK + "/talk.json", "--emoji", "auto"], work),
                   outside(["plan", str(work / "talk.mp4"), "--captions", str(work / "talk.json"), "--emoji", "auto"], work)]:
        if result.returncode != 0:
            fail("plan --emoji auto: %s" % result.stderr)
        texts.append([c["text"] for c in json.loads(result.stdout)["captions"]])
    added = [text for text in texts[0] if any(ord(character) >= 0x1F000 for character in text)]
    if texts[0] != texts[1] or not added:
        fail("--emoji auto: inside %s, outside %s" % tuple(texts))
    print("test-image: --emoji auto: %d caption(s) with an emoji, as outside: %s" % (len(added), " / ".join(added)))


def check_stills(work):
    """4. Stills: the same bytes inside and outside."""
    for index, script in enumerate(SCRIPTS):
        at = "%.3f" % ((script["start"] + script["end"]) / 2)
        name = "still-%d.png" % index
        made = inside(["still", WORK + "/talk.mp4", "--captions", WORK + "/scripts.json", "--at", at,
                       "-o", WORK + "/out/" + name], work)
        if made.returncode != 0:
            fail("still inside: %s" % made.stderr)
        host = work / ("host-" + name)
        made = outside(["still", str(work / "talk.mp4"), "--captions", str(work / "scripts.json"), "--at", at,
                        "-o", str(host)], work)
        if made.returncode != 0:
            fail("still outside: %s" % made.stderr)
        if (work / "out" / name).read_bytes() != host.read_bytes():
            fail("the still at %s s differs inside the image (%s) from outside (%s)" % (at, work / "out" / name, host))
    print("test-image: %d stills byte-identical inside and outside" % len(SCRIPTS))


def check_obstacles(work):
    """5. The analysis pass inside the image finds what it finds outside."""
    plans = []
    for where, run, base in (("inside", inside, WORK), ("outside", outside, str(work))):
        made = run(["plan", base + "/lower.mp4", "--captions", base + "/talk.json", "--avoid", "faces,text"], work)
        if made.returncode != 0:
            fail("plan --avoid %s: %s" % (where, made.stderr))
        plans.append(json.loads(made.stdout))
    found = [[(o["kind"], o["box"], o["start"], o["end"]) for o in plan.get("obstacles", [])] for plan in plans]
    if not found[0] or not any(kind == "text" for kind, *_ in found[0]):
        fail("plan --avoid inside found no text: %s" % found[0])
    if found[0] != found[1]:
        fail("plan --avoid: inside %s, outside %s" % found)
    moved = sum(1 for caption in plans[0]["captions"] if caption.get("place"))
    if moved == 0:
        fail("plan --avoid inside moved no caption off the lower third")
    print("test-image: plan --avoid faces,text inside: %d obstacle(s), as outside; %d caption(s) moved"
          % (len(found[0]), moved))


def check_package():
    """The image's burn-captions is the package make deb built, installed by dpkg: the same
    stripped binary as .build/deb/stage holds; no trace of the .deb is left in the image."""
    status = (ROOTFS / "var/lib/dpkg/status").read_text()
    entry = next((block for block in status.split("\n\n") if block.startswith("Package: burn-captions\n")), None)
    if entry is None or "\nStatus: install ok installed\n" not in entry + "\n":
        fail("the image has no installed burn-captions package")
    version = next(line.split(": ", 1)[1] for line in entry.splitlines() if line.startswith("Version: "))
    listed = (ROOTFS / "var/lib/dpkg/info/burn-captions.list").read_text().split()
    if "/usr/bin/burn-captions" not in listed:
        fail("the image's burn-captions package does not hold /usr/bin/burn-captions")
    staged = ROOT / ".build/deb/stage/usr/bin/burn-captions"
    if not filecmp.cmp(ROOTFS / "usr/bin/burn-captions", staged, shallow=False):
        fail("the image's /usr/bin/burn-captions is not the one make deb packaged (%s): run make image" % staged)
    left = [str(path) for folder in ["tmp", "work"] for path in (ROOTFS / folder).rglob("*.deb")]
    if left:
        fail("the image still holds %s" % ", ".join(left))
    print("test-image: burn-captions %s installed from its package (%d paths, the packaged binary)" % (version, len(listed)))


def main():
    if not (ROOTFS / "usr/bin/burn-captions").exists():
        fail("%s has no /usr/bin/burn-captions: run make image" % ROOTFS)
    work = ROOTFS / WORK.lstrip("/")
    check_package()
    jobs = prepare(work)
    print("test-image: running inside the image with %s" % ("podman" if podman_works() else "chroot"))
    check_batch(work, jobs)
    check_recognition(work)
    check_faces(work)
    check_stills(work)
    check_obstacles(work)
    size = subprocess.run(["du", "-sm", "--exclude=./" + WORK.lstrip("/"), "."], cwd=ROOTFS,
                          capture_output=True, text=True).stdout.split()[0]
    print("test-image: image %s MiB (root file system)" % size)
    print("test-image: passed")


if __name__ == "__main__":
    main()
