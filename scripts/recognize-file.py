#!/usr/bin/env python3
"""Feeds one audio or video file to the recognizer through protocol v1 (docs/RECOGNIZER.md).

Decodes FILE with ffmpeg to 16 kHz mono float32, sends the request and the samples to
Recognizer/burn_recognizer.py under .recognizer/venv, and prints the protocol lines it answers
(or only the text with --text). On stderr: the time to the ready line (model load), the
wall time, CPU seconds of the child and the real-time factor.

  python3 scripts/recognize-file.py talk.wav --model tiny.en --threads 2
  python3 scripts/recognize-file.py talk.mp4 --language de --batched --text
  python3 scripts/recognize-file.py clip.wav --languages en,fr --text
"""
import argparse
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def decode(path):
    """The file's first audio stream as 16 kHz mono little-endian float32 bytes."""
    result = subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-i", str(path), "-map", "0:a:0",
                             "-ac", "1", "-ar", "16000", "-f", "f32le", "-"],
                            stdout=subprocess.PIPE, check=False)
    if result.returncode != 0:
        sys.exit(f"recognize-file: ffmpeg could not decode {path}")
    return result.stdout


def model_argument(name):
    installed = ROOT / ".recognizer" / "models" / name
    return str(installed) if installed.is_dir() else name


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--model", default="base",
                        help="an installed model's name (.recognizer/models/NAME) or a folder")
    parser.add_argument("--language", default=None, help="a language code; detected without")
    parser.add_argument("--languages", default=None,
                        help="comma-separated language codes detection chooses among (default: any)")
    parser.add_argument("--threshold", type=float, default=0.5, help="language_threshold")
    parser.add_argument("--detect-segments", type=int, default=3)
    parser.add_argument("--threads", type=int, default=0, help="0: all cores")
    parser.add_argument("--beam-size", type=int, default=5)
    parser.add_argument("--compute-type", default="int8")
    parser.add_argument("--batched", action="store_true")
    parser.add_argument("--no-vad", action="store_true")
    parser.add_argument("--download", action="store_true", help="allow fetching a hub model")
    parser.add_argument("--text", action="store_true", help="print only the segments' text")
    parser.add_argument("--python", default=str(ROOT / ".recognizer" / "venv" / "bin" / "python3"))
    args = parser.parse_args()

    samples = decode(args.file)
    request = {
        "protocol": 1, "model": model_argument(args.model), "download": args.download,
        "compute_type": args.compute_type, "device": "cpu", "threads": args.threads,
        "language": args.language, "language_threshold": args.threshold,
        "languages": args.languages.split(",") if args.languages else None,
        "detect_segments": args.detect_segments, "vad": not args.no_vad,
        "beam_size": args.beam_size, "batched": args.batched, "sample_rate": 16000,
        "samples": len(samples) // 4,
    }
    started = time.monotonic()
    child = subprocess.Popen([args.python, str(ROOT / "Recognizer" / "burn_recognizer.py")],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def feed():
        try:
            child.stdin.write((json.dumps(request) + "\n").encode())
            child.stdin.write(samples[: request["samples"] * 4])
            child.stdin.close()
        except BrokenPipeError:
            pass

    threading.Thread(target=feed, daemon=True).start()
    ready_at = None
    for raw in child.stdout:
        message = json.loads(raw)
        if message["type"] == "ready" and ready_at is None:
            ready_at = time.monotonic() - started
        if not args.text:
            sys.stdout.write(raw.decode())
        elif message["type"] == "segment":
            print(message["text"].strip())
        elif message["type"] in ("language", "error") or (
                message["type"] == "done" and not message["transcribed"]):
            print(json.dumps(message), file=sys.stderr)
        sys.stdout.flush()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = code = os.waitstatus_to_exitcode(status)
    wall = time.monotonic() - started
    cpu = usage.ru_utime + usage.ru_stime
    seconds = request["samples"] / 16000
    print(f"recognize-file: exit {code}, audio {seconds:.2f} s, load {ready_at or 0:.2f} s, "
          f"wall {wall:.2f} s, child CPU {cpu:.2f} s, real-time factor "
          f"{wall / seconds if seconds else 0:.3f} (wall/audio), "
          f"{cpu / seconds if seconds else 0:.3f} CPU s per audio s", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
