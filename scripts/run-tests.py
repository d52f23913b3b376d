#!/usr/bin/env python3
"""Runs the XCTest suite and the other test scripts on every core: the test classes of a built
test bundle (`swift build --build-tests`), each in a process of its own, taken from one queue
by N workers, the longest first by the last run's times (.build/test-times.json, when there is
one, else scripts/test-times.json), plus any extra command (`--also 'python3 scripts/test-review.py'`) as one more job;
a class or command that mostly waits on the clock (a stream played in real time) runs from the
start beside the workers (`--beside`), taking no worker's turn.

  scripts/run-tests.py BUNDLE [--jobs N] [--filter REGEX] [--also COMMAND]... [--beside COMMAND]...

A class's output is printed whole when it fails, and its first line of each failure is
repeated in the summary; otherwise one line per class. Exits 1 when any test or command
failed (or a class ran no test), 0 when all passed. SIGINT and SIGTERM stop every running job.
"""

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time

TIMES = os.path.join(".build", "test-times.json")
# Times of one full run on a 2-core machine, for the order on a machine that has run none: a
# long class started last would keep one worker busy alone (448 s against 427 s of jobs per
# worker in listing order). Refresh it with a copy of .build/test-times.json after a full run.
SEED_TIMES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "test-times.json")
EXECUTED = re.compile(r"Executed (\d+) tests?, with (\d+) failures?")


def classes(bundle, pattern):
    """The test classes of `bundle` (`Module.Class`), in listing order, that match `pattern`."""
    listed = subprocess.run([bundle, "--list-tests"], capture_output=True, text=True, check=True).stdout
    names = []
    for line in listed.splitlines():
        name = line.strip().split("/")[0]
        if "." in name and " " not in name and name not in names and (pattern is None or re.search(pattern, line)):
            names.append(name)
    return names


def previous_times():
    """The last run's times here, else the ones kept with the scripts (a fresh clone, CI)."""
    for path in (TIMES, SEED_TIMES):
        try:
            with open(path) as file:
                return json.load(file)
        except (OSError, ValueError):
            continue
    return {}


class Job:
    def __init__(self, name, command):
        self.name = name
        self.command = command
        self.process = None
        self.seconds = 0.0
        self.status = None
        self.output = ""
        self.tests = None
        self.failures = None


def run(job, lock, running):
    started = time.monotonic()
    with lock:
        job.process = subprocess.Popen(
            job.command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
        running.add(job)
    output, _ = job.process.communicate()
    with lock:
        running.discard(job)
    job.seconds = time.monotonic() - started
    job.status = job.process.returncode
    job.output = output.decode("utf-8", "replace")
    counts = EXECUTED.findall(job.output)
    if counts:
        job.tests, job.failures = int(counts[-1][0]), int(counts[-1][1])


def main():
    parser = argparse.ArgumentParser(description="Runs the test classes of a bundle on every core.")
    parser.add_argument("bundle")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--filter", help="only the tests whose Module.Class/test matches this regular expression")
    parser.add_argument("--also", action="append", default=[], help="a shell command run as one more job")
    parser.add_argument("--beside", action="append", default=[],
                        help="a test class or a shell command run from the start beside the workers, taking no "
                             "worker's turn: one that mostly waits on the clock (a stream played in real time)")
    arguments = parser.parse_args()

    times = previous_times()
    jobs = [Job(name, [arguments.bundle, name]) for name in classes(arguments.bundle, arguments.filter)]
    jobs += [Job(command, ["/bin/sh", "-c", command]) for command in arguments.also]
    # The longest first, so that no long job starts last; unknown ones keep their order, first.
    order = {job.name: index for index, job in enumerate(jobs)}
    jobs.sort(key=lambda job: (-times.get(job.name, float("inf")), order[job.name]))
    # Beside the workers: a test class of the bundle (taken out of the queue), or a shell command.
    names = {job.name for job in jobs}
    beside = [Job(item, [arguments.bundle, item] if item in names else ["/bin/sh", "-c", item]) for item in arguments.beside]
    jobs = [job for job in jobs if job.name not in arguments.beside]

    queue = list(jobs)
    lock = threading.Lock()
    running = set()
    stopping = []

    def stop(number, _frame):
        stopping.append(number)
        with lock:
            queue.clear()
            for job in running:
                try:
                    os.killpg(job.process.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)

    def worker(own=None):
        # A job of its own (beside the workers), else the queue's, one after another.
        pending = [own] if own else None
        while True:
            with lock:
                if pending is not None:
                    if not pending:
                        return
                    job = pending.pop()
                elif not queue:
                    return
                else:
                    job = queue.pop(0)
            run(job, lock, running)
            with lock:
                if stopping:
                    return
                passed = job.status == 0 and (job.tests is None or job.tests > 0) and not job.failures
                last = job.output.strip().splitlines()[-1:] or [""]
                counted = f"{job.tests} tests" if job.tests is not None else last[0] if job.status == 0 else ""
                print(f"{'ok  ' if passed else 'FAIL'} {job.seconds:7.1f} s  {job.name}  {counted}", flush=True)
                if not passed:
                    print(job.output, flush=True)

    started = time.monotonic()
    threads = [threading.Thread(target=worker, args=(job,)) for job in beside]
    threads += [threading.Thread(target=worker) for _ in range(max(1, arguments.jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        while thread.is_alive():
            thread.join(timeout=0.5)
    if stopping:
        print("tests: stopped", file=sys.stderr)
        return 128 + stopping[0]

    finished = [job for job in jobs + beside if job.status is not None]
    commands = [job for job in beside if job.command[0] == "/bin/sh"]
    failed = [job for job in finished if job.status != 0 or job.failures or job.tests == 0]
    tests = sum(job.tests or 0 for job in finished)
    failures = sum(job.failures or 0 for job in finished)
    wall = time.monotonic() - started
    busy = sum(job.seconds for job in finished)
    times.update({job.name: round(job.seconds, 2) for job in finished})
    os.makedirs(os.path.dirname(TIMES), exist_ok=True)
    with open(TIMES + ".partial", "w") as file:
        json.dump(times, file, indent=0, sort_keys=True)
    os.replace(TIMES + ".partial", TIMES)
    print(
        f"tests: {tests} tests in {len(finished) - len(arguments.also) - len(commands)} classes, {failures} failures, "
        f"{len(arguments.also) + len(commands)} other commands; {wall:.0f} s on {arguments.jobs} workers"
        f"{f' and {len(beside)} beside' if beside else ''} ({busy:.0f} s of jobs)")
    for job in failed:
        lines = [line for line in job.output.splitlines() if ": error: " in line] or job.output.splitlines()[-3:]
        print(f"FAILED {job.name}:", *("  " + line for line in lines[:10]), sep="\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
