#!/usr/bin/env python3
"""`make test-farm`: the Slurm array script of docs/RENDER-FARM.md, run on a real Slurm.

Starts a one-node Slurm on this machine (Debian's munge, slurmctld and slurmd; the config is
farm/slurm.conf.in: this machine's CPUs and memory, no cgroups, state under .build/farm),
then:

1. submits the array script from docs/RENDER-FARM.md (paths changed; array size and
   resources given on the sbatch command line to fit this node: --array=0-2
   --cpus-per-task=1) on a 6-job manifest, waits, and checks that every job is done exactly
   once across the 3 array tasks, every report is written and every output has the input's
   frame count;
2. submits it again: every job is skipped;
3. on a second 6-job manifest, cancels one array task (scancel) while it renders, checks
   that its jobs are not done and that nothing partial is left, then submits again: the
   cancelled task's jobs are done, the others skipped;
4. runs the split script of docs/RENDER-FARM.md (plan, the parts as an array, the join as a
   job with --dependency=afterok) on a 6 s clip in 3 segments: the joined file has the clip's
   frames and its audio packets, and the work folder is gone.

The daemons are stopped at the end, whatever happens.
"""

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATE = ROOT / ".build/farm"
BIN = ROOT / ".build/release/burn-captions"
TASKS = 3
JOBS = 6


def log(message):
    print("test-farm: " + message, flush=True)


def fail(message):
    raise SystemExit("test-farm: FAILED: " + message)


def run(command, **options):
    result = subprocess.run(command, capture_output=True, text=True, env=ENV, **options)
    if result.returncode != 0:
        fail("%s exited %d: %s%s" % (" ".join(map(str, command)), result.returncode, result.stdout, result.stderr))
    return result.stdout


ENV = dict(os.environ, SLURM_CONF=str(STATE / "slurm.conf"))


def stop_daemons():
    subprocess.run(["scancel", "--user", "root"], capture_output=True, env=ENV)
    for name in ["slurmd", "slurmctld", "munge/munged"]:
        pid_file = STATE / (name + ".pid")
        try:
            os.kill(int(pid_file.read_text().strip()), signal.SIGTERM)
        except (OSError, ValueError):
            pass
    time.sleep(1)


def start_daemons():
    stop_daemons()
    shutil.rmtree(STATE, ignore_errors=True)
    for folder in ["munge", "ctld", "slurmd", "work"]:
        (STATE / folder).mkdir(parents=True)
    (STATE / "munge").chmod(0o700)
    munge = STATE / "munge"
    run(["mungekey", "--create", "--keyfile=%s" % (munge / "munge.key")])
    (munge / "munge.key").chmod(0o600)
    run(["munged", "--force", "--socket=%s" % (munge / "munge.socket"), "--key-file=%s" % (munge / "munge.key"),
         "--pid-file=%s" % (munge / "munged.pid"), "--log-file=%s" % (munge / "munged.log"),
         "--seed-file=%s" % (munge / "munged.seed")])
    memory = int(re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text()).group(1)) // 1024 - 1024
    conf = (ROOT / "farm/slurm.conf.in").read_text()
    for key, value in {"STATE": STATE, "CPUS": os.cpu_count(), "MEMORY": memory, "CTLD_PORT": 16817,
                       "SLURMD_PORT": 16818}.items():
        conf = conf.replace("@%s@" % key, str(value))
    (STATE / "slurm.conf").write_text(conf)
    run(["slurmctld", "-f", str(STATE / "slurm.conf")])
    run(["slurmd", "-f", str(STATE / "slurm.conf")])
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        state = subprocess.run(["sinfo", "-h", "-o", "%T"], capture_output=True, text=True, env=ENV).stdout.strip()
        if state == "idle":
            log("one-node Slurm up: %d CPUs, %d MiB" % (os.cpu_count(), memory))
            return
        time.sleep(1)
    fail("the node did not come up (sinfo: %r); see %s" % (state, STATE))


def array_script(manifest, reports):
    """The Slurm script of docs/RENDER-FARM.md with this run's paths."""
    doc = (ROOT / "docs/RENDER-FARM.md").read_text()
    script = re.search(r"## Slurm \(job array\)\n\n```bash\n(.*?)```", doc, re.S).group(1)
    if "/shared/jobs.jsonl" not in script or "/shared/reports/" not in script:
        fail("the Slurm script in docs/RENDER-FARM.md no longer reads /shared/jobs.jsonl and /shared/reports/")
    script = script.replace("/shared/jobs.jsonl", str(manifest)).replace("/shared/reports/", str(reports) + "/")
    return re.sub(r"^burn-captions ", str(BIN) + " ", script, flags=re.M)


def submit(script, name):
    path = STATE / "work" / (name + ".sh")
    path.write_text(script)
    out = run(["sbatch", "--parsable", "--array=0-%d" % (TASKS - 1), "--cpus-per-task=1", "--mem=2G",
               "--output=%s" % (STATE / "work" / (name + "-%a.out")), str(path)])
    return out.strip().split(";")[0]


def wait(job, timeout=900):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not subprocess.run(["squeue", "-h", "-j", job], capture_output=True, text=True, env=ENV).stdout.strip():
            return
        time.sleep(2)
    fail("array job %s did not finish in %d s" % (job, timeout))


def split_script():
    """The split script of docs/RENDER-FARM.md, with the binary's path and resources that fit this node."""
    doc = (ROOT / "docs/RENDER-FARM.md").read_text()
    script = re.search(r"```bash\n(#!/bin/bash\n# split\.sh .*?)```", doc, re.S).group(1)
    if "--cpus-per-task=8 --mem=4G" not in script or "--dependency=afterok" not in script:
        fail("the split script in docs/RENDER-FARM.md changed: update test-farm.py")
    return script.replace("--cpus-per-task=8 --mem=4G", "--cpus-per-task=1 --mem=2G").replace("burn-captions ", str(BIN) + " ")


def audio_md5(path):
    return run(["ffmpeg", "-v", "error", "-i", str(path), "-map", "0:a", "-c", "copy", "-f", "md5", "-"]).strip()


def check_split():
    """4. The split script: plan, an array of parts, the join after them; the result is whole."""
    folder = STATE / "work" / "split"
    folder.mkdir()
    clip = folder / "clip.mp4"
    # Keyframes every second, so that 6 s cut in 3.
    run(["ffmpeg", "-v", "error", "-y", "-i", str(ROOT / "Samples/talk.mp4"), "-t", "6", "-c:v", "libx264", "-preset",
         "ultrafast", "-g", "30", "-c:a", "copy", str(clip)])
    script = folder / "split.sh"
    script.write_text(split_script())
    output = folder / "talk.captioned.mp4"
    run(["bash", str(script), str(clip), str(ROOT / "Samples/talk.json"), str(output), "3"], cwd=str(folder))
    deadline = time.monotonic() + 600
    while True:
        queue = subprocess.run(["squeue", "-h", "-o", "%j %T %r"], capture_output=True, text=True, env=ENV).stdout
        if not queue.strip():
            break
        if "DependencyNeverSatisfied" in queue or time.monotonic() > deadline:
            outs = "".join(p.read_text() for p in sorted(folder.glob("slurm-*.out")))
            fail("the split jobs did not finish: %s%s" % (queue, outs))
        time.sleep(2)
    if not output.exists():
        fail("the join wrote no %s (squeue is empty: a part or the join failed)" % output)
    if frame_count(output) != frame_count(clip):
        fail("the joined file has %s frames, the clip %s" % (frame_count(output), frame_count(clip)))
    if audio_md5(output) != audio_md5(clip):
        fail("the joined file's audio differs from the clip's")
    if Path(str(output) + ".parts").exists():
        fail("the work folder %s.parts is left" % output)
    log("split: 3 parts as an array, the join after them: %d frames, the clip's audio" % frame_count(output))


def reports(folder):
    """Every report line of the array's tasks, by task."""
    lines = {}
    for task in range(TASKS):
        path = folder / ("%d.jsonl" % task)
        if not path.exists():
            fail("array task %d wrote no report (%s)" % (task, path))
        lines[task] = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return lines


def frame_count(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
                          "stream=nb_read_frames", "-of", "csv=p=0", str(path)], capture_output=True, text=True)
    return int(out.stdout.strip()) if out.returncode == 0 and out.stdout.strip() else None


def manifest(name, clip):
    folder = STATE / "work" / name
    (folder / "out").mkdir(parents=True)
    jobs = [{"input": str(clip), "captions": str(ROOT / "Samples/talk.json"), "output": "out/job%d.mp4" % i,
             "threads": 1, "preset": ["tiktok", "reels", "shorts"][i % 3]} for i in range(JOBS)]
    path = folder / "jobs.jsonl"
    path.write_text("".join(json.dumps(job) + "\n" for job in jobs))
    return folder, path


def check_all(folder, expected, status, frames):
    lines = reports(folder / ("reports-" + status))
    by_job = {}
    for task, entries in lines.items():
        for entry in entries:
            by_job.setdefault(entry["job"], []).append((task, entry["status"]))
    if sorted(by_job) != list(range(JOBS)) or any(len(v) != 1 for v in by_job.values()):
        fail("each job should be reported once across the tasks: %s" % by_job)
    statuses = {job: v[0][1] for job, v in by_job.items()}
    if any(statuses[job] != expected(job) for job in statuses):
        fail("statuses %s" % statuses)
    for job in range(JOBS):
        count = frame_count(folder / "out" / ("job%d.mp4" % job))
        if count != frames:
            fail("out/job%d.mp4 has %s frames, the input %d" % (job, count, frames))
    tasks = {task: [e["job"] for e in entries] for task, entries in lines.items()}
    log("%s: %s (jobs by array task: %s)" % (status, ", ".join("%d %s" % (j, s) for j, s in sorted(statuses.items())), tasks))


def main():
    for tool in ["munged", "mungekey", "slurmctld", "slurmd", "sbatch", "squeue", "scancel", "sinfo"]:
        if not shutil.which(tool):
            fail("%s is missing: make test-farm installs slurmctld, slurmd, slurm-client and munge" % tool)
    if not BIN.exists():
        fail("%s is missing: run make build" % BIN)
    started = time.monotonic()
    try:
        start_daemons()
        # A 6 s cut of the sample keeps the 18 renders short.
        clip = STATE / "work/clip.mp4"
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", str(ROOT / "Samples/talk.mp4"), "-t", "6", "-c:v", "libx264",
                        "-preset", "ultrafast", "-c:a", "copy", str(clip)], check=True)
        frames = frame_count(clip)

        # 1. Every job done, once, across the 3 tasks; 2. all skipped on a rerun.
        folder, jobs = manifest("first", clip)
        for status in ["done", "skipped"]:
            reports_folder = folder / ("reports-" + status)
            reports_folder.mkdir()
            job = submit(array_script(jobs, reports_folder), "first-" + status)
            wait(job)
            check_all(folder, lambda _: status, status, frames)

        # 3. A task cancelled while it renders; a rerun finishes its jobs.
        folder, jobs = manifest("cancel", clip)
        reports_folder = folder / "reports-done"
        reports_folder.mkdir()
        job = submit(array_script(jobs, reports_folder), "cancel")
        victim = 1
        deadline = time.monotonic() + 300
        shard_jobs = [j for j in range(JOBS) if j % TASKS == victim]
        while not any(list((folder / "out").glob(".job%d.mp4.partial-*" % j)) for j in shard_jobs) or not any(
            line.split()[0] == "%s_%d" % (job, victim) and line.split()[1] == "R"
            for line in subprocess.run(["squeue", "-h", "-j", job, "-o", "%i %t"], capture_output=True, text=True,
                                       env=ENV).stdout.splitlines()
        ):
            if time.monotonic() > deadline:
                fail("array task %d never started rendering" % victim)
            time.sleep(0.5)
        time.sleep(2)
        run(["scancel", "%s_%d" % (job, victim)])
        wait(job)
        missing = [j for j in range(JOBS) if not (folder / "out" / ("job%d.mp4" % j)).exists()]
        partial = list((folder / "out").glob(".*.partial-*"))
        log("cancelled task %d: jobs without output %s, partial files left %d" % (victim, missing, len(partial)))
        if not missing or not set(missing) <= set(shard_jobs):
            fail("after scancel of task %d, jobs without output were %s (its jobs: %s)" % (victim, missing, shard_jobs))
        if partial:
            fail("partial files left after scancel: %s" % partial)
        rerun_folder = folder / "reports-rerun"
        rerun_folder.mkdir()
        job = submit(array_script(jobs, rerun_folder), "cancel-rerun")
        wait(job)
        lines = reports(rerun_folder)
        statuses = {e["job"]: e["status"] for entries in lines.values() for e in entries}
        for j in range(JOBS):
            if statuses.get(j) != ("done" if j in missing else "skipped"):
                fail("rerun after scancel: job %d is %s" % (j, statuses.get(j)))
            if frame_count(folder / "out" / ("job%d.mp4" % j)) != frames:
                fail("rerun after scancel: out/job%d.mp4 is not complete" % j)
        log("rerun: %s" % ", ".join("%d %s" % item for item in sorted(statuses.items())))

        # 4. One recording in segments: the split script.
        check_split()
        log("passed in %.0f s" % (time.monotonic() - started))
    finally:
        stop_daemons()


if __name__ == "__main__":
    main()
