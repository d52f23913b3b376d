#!/usr/bin/env python3
"""A stand-in recognizer for the tests: speaks protocol 1 (docs/RECOGNIZER.md) without a model.

It reads the request line and every sample, then does what FAKE_RECOGNIZER says:
  replay:FILE   write FILE's lines (a recorded transcript), then exit 0
  echo          write ready, language en 1.0, one segment saying how many samples came, done
  crash         kill itself with SIGSEGV
  hang          sleep for a minute (the tests cancel it); SIGTERM ends it at once
  garbage       write a line that is not JSON
  no-done       write ready and a segment, then exit 0 without "done"
  error-model   write an error line of kind model, exit 1
  exit-3        write nothing, exit 3 with a line on stderr
  endless-line  write ready, then bytes without a newline for ever (64 KiB at a time)
  trickle-line  write ready, then one byte without a newline every 10 ms for ever
  deaf          ignore SIGTERM, write ready and hang (SIGKILL ends it)
FAKE_RECOGNIZER_PIDFILE, when set, gets this process's id (a test checks it is gone).

A request with "protocol": 2 (stream mode) reads audio messages until EOF instead; after the
n-th audio message it writes a partial of utterance 0 with the words "w1" ... "wn" (times
from the audio's), the first n - 1 committed, and at EOF a final with all of them and done.
FAKE_RECOGNIZER=stream-break changes committed word "w1" into "x1" in its third partial.
"""
import json
import os
import signal
import sys
import time


def main():
    mode = os.environ.get("FAKE_RECOGNIZER", "echo")
    pidfile = os.environ.get("FAKE_RECOGNIZER_PIDFILE")
    if pidfile:
        with open(pidfile, "w") as f:
            f.write(str(os.getpid()))
    stdin = sys.stdin.buffer
    request = json.loads(stdin.readline())
    if request.get("protocol") == 2:
        return stream(stdin, mode)
    wanted = request["samples"] * 4
    got = 0
    while got < wanted:
        chunk = stdin.read(min(1 << 16, wanted - got))
        if not chunk:
            break
        got += len(chunk)
    out = sys.stdout

    def send(message):
        out.write(json.dumps(message) + "\n")
        out.flush()

    if mode.startswith("replay:"):
        with open(mode[len("replay:"):]) as f:
            for line in f:
                if line.strip():
                    out.write(line if line.endswith("\n") else line + "\n")
        out.flush()
    elif mode == "echo":
        send({"type": "ready", "protocol": 1, "engine": "fake", "version": "1"})
        send({"type": "language", "language": "en", "probability": 1.0, "candidates": []})
        seconds = got / 4 / request["sample_rate"]
        send({"type": "segment", "start": 0.0, "end": seconds, "text": f" {got // 4} samples",
              "words": [{"word": f" {got // 4}", "start": 0.0, "end": seconds / 2, "probability": 0.9},
                        {"word": " samples", "start": seconds / 2, "end": seconds, "probability": 0.9}]})
        send({"type": "done", "audio_seconds": seconds, "transcribed": True})
    elif mode == "crash":
        os.kill(os.getpid(), signal.SIGSEGV)
    elif mode == "hang":
        signal.signal(signal.SIGTERM, lambda *_: os._exit(143))
        send({"type": "ready", "protocol": 1, "engine": "fake"})
        time.sleep(60)
    elif mode == "garbage":
        out.write("this is not a protocol line\n")
    elif mode == "no-done":
        send({"type": "ready", "protocol": 1, "engine": "fake"})
        send({"type": "segment", "start": 0.0, "end": 1.0, "text": " half", "words": []})
    elif mode == "error-model":
        send({"type": "error", "kind": "model", "message": "model.bin: not a CTranslate2 model"})
        sys.exit(1)
    elif mode == "endless-line":
        send({"type": "ready", "protocol": 1, "engine": "fake"})
        block = b"{" + b"a" * 65535
        while True:
            out.buffer.write(block)
            out.buffer.flush()
    elif mode == "trickle-line":
        send({"type": "ready", "protocol": 1, "engine": "fake"})
        while True:
            out.buffer.write(b"a")
            out.buffer.flush()
            time.sleep(0.01)
    elif mode == "deaf":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        send({"type": "ready", "protocol": 1, "engine": "fake"})
        time.sleep(60)
    elif mode == "exit-3":
        sys.stderr.write("fake recognizer: something went wrong\n")
        sys.exit(3)


def stream(stdin, mode):
    """Protocol 2: a growing utterance, one word per audio message."""
    def send(message):
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()
    send({"type": "ready", "protocol": 2, "engine": "fake", "modes": ["file", "stream"]})
    words = []
    while True:
        line = stdin.readline()
        if not line:
            break
        message = json.loads(line)
        if message["type"] != "audio":
            continue
        stdin.read(message["samples"] * 4)
        start = message["start"]
        words.append({"word": " w%d" % (len(words) + 1), "start": start, "end": start + 0.2, "probability": 0.9})
        shown = [dict(word) for word in words]
        if mode == "stream-break" and len(words) == 3:
            shown[0]["word"] = " x1"
        send({"type": "partial", "utterance": 0, "words": shown, "committed": len(words) - 1, "audio_end": start + 0.25,
              "decode_seconds": 0.01})
    send({"type": "final", "utterance": 0, "words": words, "start": words[0]["start"] if words else 0,
          "end": words[-1]["end"] if words else 0})
    send({"type": "done", "audio_seconds": 0, "speech_seconds": 0, "decodes": len(words), "skipped_seconds": 0})


if __name__ == "__main__":
    main()
