#!/usr/bin/env python3
"""Peak memory of a long transcription (issue 57): N minutes of speech through the recognizer.

Makes N minutes of 16 kHz mono audio from Samples/talk.mp4's English speech (15.3 s), each
copy followed by five times as much silence (so voice activity detection keeps a sixth and
the run takes minutes, not hours), or copies back to back with --continuous. Then runs
`burn-captions transcribe` on it (or, with --direct, feeds the recognizer alone through
protocol v1, docs/RECOGNIZER.md) and reports the peak resident memory of the parent, of the
child and of both together (VmRSS of the process tree polled every 20 ms and summed), each
process's own peak as the kernel counts it (VmHWM, what ru_maxrss reports), the wall and CPU
time, and the words found. The audio is written in a temporary folder, removed at the end.

  python3 scripts/bench-long-audio.py 120 --limit-mib 1500
  python3 scripts/bench-long-audio.py 12 --continuous --model tiny.en
  python3 scripts/bench-long-audio.py 60 --direct          # the recognizer alone

Exits 1 when the combined peak is over --limit-mib, 2 when the run failed.
"""
import argparse
import array
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "Samples" / "talk.mp4"
SAMPLE_RATE = 16000  # Hz, the recognizer's
# Seconds of silence after each copy of the speech, per second of speech: the speech is a
# sixth of the audio, as in a meeting with long pauses, and VAD drops the rest.
SILENCE_PER_SPEECH = 5
POLL_SECONDS = 0.02  # how often the process tree's memory is read
# The request the Swift side sends by default (RecognitionSettings, RecognizerRequest).
LANGUAGE_THRESHOLD = 0.6
DETECT_SEGMENTS = 3
BATCHED_FROM = 60.0  # seconds of audio from which the batched pipeline is asked for
KIB = 1024
MIB = 1024 * 1024


def fail(message):
    """Ends the bench without a measure: exit 2."""
    print(f"bench-long-audio: {message}", file=sys.stderr)
    sys.exit(2)


def decode_speech():
    """Samples/talk.mp4's audio as 16 kHz mono float32 samples (an array of floats)."""
    command = ["ffmpeg", "-nostdin", "-v", "error", "-i", str(SOURCE), "-map", "0:a:0",
               "-ac", "1", "-ar", str(SAMPLE_RATE), "-f", "f32le", "-"]
    result = subprocess.run(command, stdout=subprocess.PIPE, check=False)
    if result.returncode != 0 or not result.stdout:
        fail(f"ffmpeg could not decode {SOURCE}")
    speech = array.array("f")
    speech.frombytes(result.stdout[: len(result.stdout) // 4 * 4])
    if sys.byteorder != "little":
        speech.byteswap()
    return speech


def period(speech, continuous):
    """One repetition of the audio: the speech, then its silence (none when continuous)."""
    silence = 0 if continuous else len(speech) * SILENCE_PER_SPEECH
    return array.array("f", speech) + array.array("f", bytes(4 * silence))


def as_f32le(samples):
    """Float samples as little-endian float32 bytes (protocol v1)."""
    if sys.byteorder != "little":
        samples = array.array("f", samples)
        samples.byteswap()
    return samples.tobytes()


def as_s16le(samples):
    """Float samples as little-endian 16-bit PCM bytes (a WAV file's)."""
    pcm = array.array("h", (max(-32768, min(32767, round(x * 32767))) for x in samples))
    if sys.byteorder != "little":
        pcm.byteswap()
    return pcm.tobytes()


def pieces(total_bytes, one_period):
    """The audio's bytes in consecutive pieces (one period's bytes repeated, the last cut),
    `total_bytes` in all, so that it is never held whole."""
    left = total_bytes
    while left > 0:
        piece = one_period if left >= len(one_period) else one_period[:left]
        left -= len(piece)
        yield piece


def write_wav(path, samples, one_period):
    """The audio as a 16-bit PCM WAV file, written a period at a time."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SAMPLE_RATE)
        for piece in pieces(2 * samples, as_s16le(one_period)):
            out.writeframes(piece)


class TreeMemory(threading.Thread):
    """Polls the resident memory of a process and its descendants until it ends: the peak of
    the root's VmRSS, of its descendants' summed, and of all of them together, and the last
    VmHWM (the kernel's peak, ru_maxrss) read of each process. In bytes."""

    def __init__(self, root):
        super().__init__(name="memory", daemon=True)
        self.root = root
        self.peak_root = self.peak_children = self.peak_total = 0
        self.hwm = {}  # pid: (command name, bytes)
        self.finished = threading.Event()

    def run(self):
        while not self.finished.is_set():
            self.sample()
            time.sleep(POLL_SECONDS)

    def sample(self):
        root = children = 0
        for pid in self.tree():
            status = read_status(pid)
            if status is None:
                continue
            name, rss, hwm = status
            self.hwm[pid] = (name, hwm)
            if pid == self.root:
                root = rss
            else:
                children += rss
        self.peak_root = max(self.peak_root, root)
        self.peak_children = max(self.peak_children, children)
        self.peak_total = max(self.peak_total, root + children)

    def tree(self):
        """The root's pid and its descendants' (from each thread's children list)."""
        found, todo = [], [self.root]
        while todo:
            pid = todo.pop()
            found.append(pid)
            try:
                for task in os.listdir(f"/proc/{pid}/task"):
                    with open(f"/proc/{pid}/task/{task}/children") as listing:
                        todo.extend(int(child) for child in listing.read().split())
            except OSError:
                continue  # it ended meanwhile
        return found


def read_status(pid):
    """(name, VmRSS, VmHWM) of a process in bytes, or None when it is gone."""
    try:
        with open(f"/proc/{pid}/status") as status:
            fields = dict(line.split(":", 1) for line in status if ":" in line)
    except OSError:
        return None
    if "VmRSS" not in fields:
        return None  # a zombie
    return (fields["Name"].strip(), int(fields["VmRSS"].split()[0]) * KIB,
            int(fields["VmHWM"].split()[0]) * KIB)


def run_binary(args, folder, samples, one_period):
    """Starts `burn-captions transcribe` on a WAV of the audio: (the process, a function that
    counts the words of its transcript once it has ended)."""
    wav, out = folder / "long.wav", folder / "long.json"
    write_wav(wav, samples, one_period)
    command = [str(args.binary), "transcribe", str(wav), "-o", str(out), "--model", args.model]
    if args.language:
        command += ["--language", args.language]
    # A cache of its own, empty: a transcript cached by an earlier run would skip the recognizer.
    environment = dict(os.environ, BURN_CAPTIONS_CACHE=str(folder / "cache"))
    child = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, cwd=ROOT, env=environment)

    def words():
        if not out.exists():
            return None
        return sum(len(segment.get("words") or segment.get("text", "").split())
                   for segment in json.loads(out.read_text()).get("segments", []))

    return child, words


def run_direct(args, samples, one_period):
    """Starts the recognizer alone, fed the request line and the samples as the Swift side
    feeds them: (the process, a function that counts the words it sent once it has ended)."""
    model = ROOT / ".recognizer" / "models" / args.model
    seconds = samples / SAMPLE_RATE
    request = {"protocol": 1, "model": str(model) if model.is_dir() else args.model,
               "download": False, "compute_type": "int8", "device": "cpu", "threads": 0,
               "language": args.language or None, "languages": None, "language_threshold": LANGUAGE_THRESHOLD,
               "detect_segments": DETECT_SEGMENTS, "vad": True, "beam_size": 5,
               "batched": seconds >= BATCHED_FROM, "sample_rate": SAMPLE_RATE,
               "samples": samples}
    child = subprocess.Popen([str(args.python), str(args.recognizer)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def feed():
        try:
            child.stdin.write((json.dumps(request) + "\n").encode())
            for piece in pieces(4 * samples, as_f32le(one_period)):
                child.stdin.write(piece)
            child.stdin.close()
        except BrokenPipeError:
            pass  # the recognizer stopped reading (an error line says why)

    lines = []
    threading.Thread(target=feed, daemon=True).start()
    reader = threading.Thread(target=lambda: lines.extend(child.stdout), daemon=True)
    reader.start()

    def words():
        reader.join()
        messages = [json.loads(line) for line in lines]
        return sum(len(m["words"]) for m in messages if m["type"] == "segment")

    return child, words


def report(args, seconds, wall, code, words, memory, usage, errors):
    """The figures on stdout, one per line, and the exit code."""
    mib = lambda n: f"{n / MIB:.0f} MiB"  # noqa: E731
    kind = "continuous" if args.continuous else "a sixth of it speech"
    print(f"audio: {seconds / 60:.1f} min ({kind}), model {args.model}, "
          f"{'recognizer alone' if args.direct else args.binary.name}")
    cpu = usage.ru_utime + usage.ru_stime  # with the children it waited for
    print(f"exit {code}, wall {wall:.1f} s, CPU {cpu:.1f} s (system {usage.ru_stime:.1f} s), "
          f"words {words}")
    if not args.direct:
        print(f"peak RSS: parent {mib(memory.peak_root)}, child {mib(memory.peak_children)}, "
              f"together {mib(memory.peak_total)}")
    else:
        print(f"peak RSS: child {mib(memory.peak_root)}")
    for pid, (name, hwm) in sorted(memory.hwm.items()):
        print(f"ru_maxrss (VmHWM) of {name} [{pid}]: {mib(hwm)}")
    print(f"ru_maxrss from wait4 (the largest of the tree): {mib(usage.ru_maxrss * KIB)}")
    if code != 0:
        print(f"bench-long-audio: the run failed: {errors.decode(errors='replace')[-2000:]}",
              file=sys.stderr)
        return 2
    if args.limit_mib is not None and memory.peak_total > args.limit_mib * MIB:
        print(f"bench-long-audio: peak {mib(memory.peak_total)} is over the limit of "
              f"{args.limit_mib:g} MiB", file=sys.stderr)
        return 1
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("minutes", type=float, help="how long the audio is")
    parser.add_argument("--continuous", action="store_true",
                        help="speech without the silences (the transcription's memory)")
    parser.add_argument("--model", default="base", help="a model name (base, tiny.en) or folder")
    parser.add_argument("--language", default="en", help="a language code; '' detects it")
    parser.add_argument("--limit-mib", type=float, default=None,
                        help="exit 1 when parent and child together peak above this")
    parser.add_argument("--binary", type=Path,
                        default=ROOT / ".build" / "release" / "burn-captions")
    parser.add_argument("--direct", action="store_true",
                        help="feed the recognizer alone through protocol v1, no binary")
    parser.add_argument("--recognizer", type=Path,
                        default=ROOT / "Recognizer" / "burn_recognizer.py",
                        help="with --direct: the recognizer script")
    parser.add_argument("--python", type=Path,
                        default=ROOT / ".recognizer" / "venv" / "bin" / "python3",
                        help="with --direct: the recognizer's python")
    args = parser.parse_args()
    if not args.direct and not args.binary.is_file():
        fail(f"no {args.binary} (swift build -c release)")
    samples = round(args.minutes * 60 * SAMPLE_RATE)
    one_period = period(decode_speech(), args.continuous)
    with tempfile.TemporaryDirectory(prefix="bench-long-audio.") as folder:
        started = time.monotonic()
        if args.direct:
            child, words = run_direct(args, samples, one_period)
        else:
            child, words = run_binary(args, Path(folder), samples, one_period)
            started = time.monotonic()  # after writing the WAV
        memory = TreeMemory(child.pid)
        memory.start()
        errors = []
        reader = threading.Thread(target=lambda: errors.append(child.stderr.read()), daemon=True)
        reader.start()
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.monotonic() - started
        memory.finished.set()
        memory.join()
        reader.join()
        child.returncode = code = os.waitstatus_to_exitcode(status)
        return report(args, samples / SAMPLE_RATE, wall, code, words(), memory, usage,
                      errors[0] if errors else b"")


if __name__ == "__main__":
    sys.exit(main())
