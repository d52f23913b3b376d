#!/usr/bin/env python3
"""`burn-captions live` end to end: the latency it adds, captions from a feed, faults, a clean stop, a file played live.

    python3 scripts/test-live.py [--quick] [--srt] [--tall] [--stand-in [x264|copy]] [--bin PATH] [--work DIR]

The source is made once into the work folder (default .build/live/): testsrc2, a black band
at the top with a frame-number barcode (a white sync cell, 16 bit cells, a parity cell: drawbox
`enable` expressions on n), a grey band at the bottom for captions, espeak-ng speech (or a
sine); libx264 zerolatency -g 60 -bf 0, AAC; every frame must read back as its number. A cell
is 1 when its central 8x8 mean is nearer the sync cell's than the black band's; a frame with a
wrong parity or a dim sync cell is unreadable (the reader is checked on painted bands first).

A stream case starts two receivers (ffmpeg, the band cropped to grey raw frames on stdout, read
by a thread that stamps each frame with time.monotonic() and decodes its number), then ours,
then the sender, `ffmpeg -re -stream_loop -1 -i SRC -c copy -f tee`, with a leg to ours and
one to R2 (its MPEG-TS legs send each frame whole at once: omit_video_pes_length=0, flush_packets=1):

    rtmp  ours: BIN live rtmp://127.0.0.1:P0/live/in -o rtmp://127.0.0.1:P1/live/out
          R1: ffmpeg -listen 1 on P1; R2: ffmpeg -listen 1 on rtmp://127.0.0.1:P2/live/direct
    srt   ours: BIN live 'srt://127.0.0.1:P0?mode=listener&latency=20000' -o udp://127.0.0.1:P1?pkt_size=1316
          R1: udp://127.0.0.1:P1 (MPEG-TS); R2: udp://127.0.0.1:P2 (MPEG-TS)

The added latency of frame n is t_R1(n) - t_R2(n): the sender's start and pacing cancel out.
R2 reads the container R1 reads (FFmpeg's MPEG-TS reader holds an H.264 frame until the next
one starts, its FLV reader does not: an MPEG-TS baseline would make an RTMP path look a frame
faster than it is). p50 and p95 are over the frames after --warm-up seconds (2: the inputs are
probed); the first frame's latency and the max are printed too. The sender loops the source
(the input goes on), and 1.5 s before its end ours gets SIGINT: it must exit 0 within 10 s and
leave no process in its session, and R1 must see the RTMP stream end (exit 0). At most 5% of
the frames in R1's range may be missing; --live-stats (passed to the real binary; optional)
must hold JSON lines. p95 bound: < 1.5 s with --quick (two test workers share the cores),
<= 0.3 s for RTMP at 720p30; SRT (less its configured 20 ms) and --tall (1080x1920 over RTMP)
are printed without a bound.

The file case, `BIN live SRC --realtime -o OUT.mkv`, must take the source's duration in wall
time (within 30%); OUT.mkv must have as many video frames as the source (within 2), increasing
video pts, the barcodes in order, and audio.

The RTMP case also feeds captions: Tests/Cases/live-call.jsonl is sent to ours' --captions-feed
tcp:// listener, each line when the stream reaches its `end`. From --live-stats: each item is
applied within two frames of its arrival (p95); a committed word keeps its text and x, a row
is only appended to and only moves up; the false-detected "and" is never committed; at most 0.1
erased words per committed word; the line that is not JSON is warned of.

The fault case (RTMP, 12 s source): the sender is killed at 2.5 s and sends again from 4.5 s,
its timestamps from 100 s (a restarted encoder's own clock); R1 must get the last frame
repeated meanwhile (30 frames or more, never 0.5 s without a frame) and the new frames after,
and record the stream: its sound with no gap over 0.1 s (silence during the outage), its
pictures' timestamps a frame apart and ending with the sound's. R1 is killed at 7 s and a new
one listens from 8 s: ours must say it tries again and the new receiver must get frames; then
SIGINT. Over SRT (ours a listener in, a caller out) the same, but a sender that dies just goes
quiet: the input counts as lost after 1.5 s, so R1 may go 2 s without a frame, and ours hears
of R1's end from libsrt's 5 s peer timeout (the new receiver is given 9 s); and with --slate
(a plain picture): R1 gets it (frames with no barcode, 5 or more) instead of the last frame.

--quick (make test): the file case at 640x360 (4 s), RTMP at 640x360 (8 s) with the feed, the
faults over RTMP; --srt adds SRT and its faults.
Otherwise 1280x720: the file case (8 s), RTMP and SRT (20 s each), the faults over both; --tall
adds 1080x1920.
--stand-in runs an ffmpeg relay instead of BIN (libx264 veryfast zerolatency, or `copy`; for
the file `ffmpeg -re -i SRC -c copy`) to check the harness. BIN: --bin, $BURN_CAPTIONS_BIN or
.build/release/burn-captions. Logs, outputs and each case's arrival times: WORK/run/.
"""

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FPS = 30
BITS = 16
SRT_LATENCY_US = 20000
SENTENCES = ("Captions burned into a live stream. Each frame carries its number at the top. "
             "The grey band below is where the words appear. Latency is measured frame by frame.")
failures = []


def log(message):
    print("test-live: " + message, flush=True)


def check(condition, message):
    """Records a failure (the run goes on to the next check); True when it passed."""
    if not condition:
        failures.append(message)
        print("test-live: FAILED: " + message, flush=True)
    return bool(condition)


class CaseError(Exception):
    """A case that cannot go on (a process that did not start or listen)."""


class Barcode:
    """The frame-number barcode in the top band of a frame `width` pixels wide: cell 0 sync
    (always white), cells 1-16 the bits of n, cell 17 parity; the black band's level is read
    past the last cell."""

    def __init__(self, width):
        self.width = width
        self.cell = max(10, min(2 * (width // 80), width // 29 // 2 * 2))  # 19 cells and their gaps fit
        self.band = 2 * self.cell

    def x(self, index):
        return self.cell // 2 + index * (3 * self.cell // 2)

    def drawboxes(self):
        """drawbox filters: the sync cell, bit k lit when floor(n/2^k) is odd, parity when the bits' sum is."""
        bit = "mod(floor(n/%d),2)"
        lit = ["1"] + ["eq(%s,1)" % (bit % 2 ** k) for k in range(BITS)]
        lit.append("eq(mod(%s,2),1)" % "+".join(bit % 2 ** k for k in range(BITS)))
        box = "drawbox=x=%d:y=%d:w=%d:h=%d:color=white:t=fill:enable='%s'"
        return [box % (self.x(i), self.cell // 2, self.cell, self.cell, on) for i, on in enumerate(lit)]

    def mean(self, frame, index):
        x0, y0 = self.x(index) + self.cell // 2 - 4, self.cell - 4
        return sum(sum(frame[(y0 + r) * self.width + x0:(y0 + r) * self.width + x0 + 8]) for r in range(8)) / 64

    def read(self, frame):
        """The frame number of a cropped grey band, or None when it is unreadable."""
        white, black = self.mean(frame, 0), self.mean(frame, BITS + 2)
        if white - black < 80:
            return None
        bits = [self.mean(frame, 1 + k) > (white + black) / 2 for k in range(BITS + 1)]
        n = sum(1 << k for k in range(BITS) if bits[k])
        return n if bits[BITS] == bool(bin(n).count("1") % 2) else None

    def receiver_filter(self):
        return "crop=%d:%d:0:0,format=gray" % (self.width, self.band)

    def paint(self, n, flip=None):
        """A band as drawbox draws it for frame n (cell `flip` toggled), for the reader's self-test."""
        band = bytearray([16]) * (self.width * self.band)
        lit = [True] + [bool(n >> k & 1) for k in range(BITS)] + [bool(bin(n).count("1") % 2)]
        for i, on in enumerate(lit):
            if on != (i == flip):
                for y in range(self.cell // 2, self.cell // 2 + self.cell):
                    band[y * self.width + self.x(i):y * self.width + self.x(i) + self.cell] = bytes([235]) * self.cell
        return bytes(band)


def check_reader():
    code = Barcode(640)
    for n in (0, 1, 1000, 12345, 2 ** BITS - 1):
        check(code.read(code.paint(n)) == n, "the barcode reader reads %s for a painted %d" % (code.read(code.paint(n)), n))
        for flip in (3, BITS + 1):
            check(code.read(code.paint(n, flip)) is None, "the reader takes %d with cell %d flipped" % (n, flip))
    check(code.read(code.paint(5, flip=0)) is None, "the reader takes a band with no sync cell")


def run_quietly(command, what):
    done = subprocess.run(command, capture_output=True)
    if done.returncode != 0:
        raise CaseError("%s failed (%d): %s" % (what, done.returncode, done.stderr.decode(errors="replace")[-500:]))
    return done.stdout


def make_speech(work):
    speech = work / "speech.wav"
    if not speech.exists() and subprocess.run(["which", "espeak-ng"], capture_output=True).returncode == 0:
        run_quietly(["espeak-ng", "-s", "150", "-w", str(speech), SENTENCES], "espeak-ng")
    return speech if speech.exists() else None


def make_source(work, width, height, seconds):
    """The barcoded test video (cached), checked to read back frame by frame."""
    path = work / ("source-%dx%d-%ds.mp4" % (width, height, seconds))
    if path.exists():
        return path
    began, code, speech = time.monotonic(), Barcode(width), make_speech(work)
    audio = ["-stream_loop", "-1", "-i", str(speech)] if speech else ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"]
    bands = ["drawbox=x=0:y=0:w=iw:h=%d:color=black:t=fill" % code.band, "drawbox=x=0:y=ih*3/4:w=iw:h=ih/4:color=gray:t=fill"]
    partial = path.with_suffix(".%d.partial.mp4" % os.getpid())
    picture = "testsrc2=size=%dx%d:rate=%d" % (width, height, FPS)
    run_quietly(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", picture, *audio, "-t", str(seconds),
                 "-map", "0:v", "-map", "1:a", "-vf", ",".join(bands + code.drawboxes()),
                 "-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency", "-g", "60", "-bf", "0", "-pix_fmt", "yuv420p",
                 "-c:a", "aac", "-ar", "48000", "-ac", "2", "-b:a", "128k", str(partial)], "making the source")
    numbers = read_file_barcodes(partial, code)
    if numbers != list(range(seconds * FPS)):
        raise CaseError("the source's barcodes read back as %s..., not 0..%d" % (numbers[:10], seconds * FPS - 1))
    partial.rename(path)
    log("made %s (%d frames, %s) in %.1f s" % (path.name, len(numbers), speech and "speech" or "a sine", time.monotonic() - began))
    return path


def read_file_barcodes(path, code):
    raw = run_quietly(["ffmpeg", "-nostdin", "-v", "error", "-i", str(path), "-an", "-vf", code.receiver_filter(),
                       "-fps_mode", "passthrough", "-f", "rawvideo", "-"], "decoding %s" % path.name)
    size = code.width * code.band
    return [code.read(raw[i:i + size]) for i in range(0, len(raw) - size + 1, size)]


def free_port(kind):
    with socket.socket(socket.AF_INET, kind) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def bound(port, udp):
    """Whether a socket listens on `port` (TCP: LISTEN; UDP: bound), from /proc: a test connect
    would use up a `-listen 1` server's one connection."""
    for table in (["/proc/net/udp", "/proc/net/udp6"] if udp else ["/proc/net/tcp", "/proc/net/tcp6"]):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[1].rpartition(":")[2], 16) == port and (udp or fields[3] == "0A"):
                return True
    return False


def wait_bound(port, udp, process, what, timeout=15):
    deadline = time.monotonic() + timeout
    while not bound(port, udp):
        if process.poll() is not None:
            raise CaseError("%s exited %s before it listened on port %d: %s" % (what, process.returncode, port, tail(process)))
        if time.monotonic() > deadline:
            raise CaseError("%s did not listen on port %d within %d s" % (what, port, timeout))
        time.sleep(0.02)


def tail(process, lines=4):
    text = Path(process.log).read_bytes().decode(errors="replace").replace("\r", "\n").strip().splitlines()
    return " | ".join(text[-lines:]) or "(nothing on stderr)"


def session_members(session):
    """Live processes in session `session` (ours runs in its own): none may be left after it."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[3]) == session and fields[0] != "Z":
            found.append(int(stat.parent.name))
    return found


class Processes:
    """The processes a case starts, each logging to WORK/run/NAME.log; end_all() ends those still
    running, by pid, and whatever is left in ours' session."""

    def __init__(self, logs):
        self.logs, self.started = logs, []

    def start(self, name, command, stdout=subprocess.DEVNULL, session=False):
        path = self.logs / (name + ".log")
        with open(path, "wb") as log_file:
            process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=stdout, stderr=log_file,
                                       start_new_session=session)
        process.log, process.session = path, session
        self.started.append(process)
        return process

    def end_all(self):
        for process in self.started:
            if process.poll() is None:
                process.terminate()
        for process in self.started:
            try:
                process.wait(timeout=3)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            for pid in session_members(process.pid) if process.session else []:
                os.kill(pid, signal.SIGKILL)


class Receiver:
    """An ffmpeg reading `url`, the barcode band as grey raw frames on its stdout, read by a
    thread: when each frame number first arrived, repeats, unreadable frames."""

    def __init__(self, processes, name, url, code, listen, audio=None):
        self.code, self.arrivals, self.repeats, self.unreadable, self.last = code, {}, 0, 0, None
        self.times = []  # when each frame (new or repeated) came
        # No -fflags nobuffer: it drops the packets read while probing, the first keyframe among
        # them, and a stream with a long GOP then decodes nothing for seconds. low_delay: no
        # frame threads holding frames back.
        command = ["ffmpeg", "-nostdin", "-v", "error", "-probesize", "32768", "-analyzeduration", "0", "-fpsprobesize", "0",
                   "-flags", "low_delay"] + (["-listen", "1", "-timeout", "20"] if listen else [])
        command += ["-i", url, "-map", "0:v", "-vf", code.receiver_filter(), "-fps_mode", "passthrough", "-flush_packets", "1",
                    "-f", "rawvideo", "-"]
        if audio:  # the stream as received (sound and pictures), copied into an MPEG-TS file
            command += ["-map", "0:a", "-map", "0:v", "-c", "copy", "-flush_packets", "1", "-f", "mpegts", str(audio)]
        self.process = processes.start(name, command, stdout=subprocess.PIPE)
        self.thread = threading.Thread(target=self.read_frames, daemon=True)
        self.thread.start()

    def read_frames(self):
        size = self.code.width * self.code.band
        while True:
            frame = self.process.stdout.read(size)
            now = time.monotonic()
            if len(frame) < size:
                return
            self.last, n = now, self.code.read(frame)
            self.times.append(now)
            if n is None:
                self.unreadable += 1
            elif n in self.arrivals:
                self.repeats += 1
            else:
                self.arrivals[n] = now

    def wait_idle(self, seconds, timeout):
        """Until no frame came for `seconds` (or the process ended), at most `timeout` s."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.thread.is_alive():
            if self.last is not None and time.monotonic() - self.last > seconds:
                return
            time.sleep(0.05)


def ours_command(args, into, out, realtime=False, stats=None, extra=()):
    if not args.stand_in:
        return [args.bin, "live", into, "-o", out] + ["--realtime"] * realtime + (["--live-stats", str(stats)] if stats else []) + list(extra)
    ffmpeg = ["ffmpeg", "-nostdin", "-v", "error", "-y"]
    if realtime:
        ffmpeg += ["-re", "-i", into, "-map", "0", "-c", "copy", out]
    else:
        video = ["copy"] if args.stand_in == "copy" else ["libx264", "-preset", "veryfast", "-tune", "zerolatency"]
        # Probed briefly and decoded with no frame held back, as live does.
        ffmpeg += ["-probesize", "500000", "-analyzeduration", "500000", "-fpsprobesize", "0", "-flags", "low_delay"]
        ffmpeg += ["-listen", "1"] * into.startswith("rtmp:") + ["-i", into, "-c:v", *video, "-c:a", "copy",
                                                                 "-f", "flv" if out.startswith("rtmp:") else "mpegts", out]
    return [sys.executable, str(Path(__file__).resolve()), "--relay"] + ffmpeg


def relay(command):
    """--stand-in's ours: runs `command` (ffmpeg); SIGINT and SIGTERM are passed on as SIGINT,
    which ffmpeg ends cleanly but with 255: that becomes 0, as `live` promises."""
    child, signalled = subprocess.Popen(command), []

    def pass_on(number, frame):
        signalled.append(number)
        child.send_signal(signal.SIGINT)
    signal.signal(signal.SIGINT, pass_on)
    signal.signal(signal.SIGTERM, pass_on)
    code = child.wait()
    return 0 if signalled and code == 255 else code


def stop_ours(ours, what):
    """SIGINT: exit 0 within 10 s, nothing left in its session. The seconds it took."""
    began = time.monotonic()
    ours.send_signal(signal.SIGINT)
    try:
        code = ours.wait(timeout=10)
    except subprocess.TimeoutExpired:
        check(False, "%s: ours did not exit within 10 s of SIGINT: %s" % (what, tail(ours)))
        return None
    took = time.monotonic() - began
    check(code == 0, "%s: ours exited %s on SIGINT, not 0: %s" % (what, code, tail(ours)))
    time.sleep(0.2)
    left = session_members(ours.pid)
    check(not left, "%s: ours left %d processes behind after SIGINT (pids %s)" % (what, len(left), left))
    return took


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def stats_summary(stats, what):
    """--live-stats is optional: a word on it when it was written; every line must be JSON."""
    if stats is None or not stats.exists():
        return ""
    lines = [line for line in stats.read_text().splitlines() if line.strip()]
    try:
        frames = sum(json.loads(line).get("event") == "frame" for line in lines)
    except (ValueError, AttributeError) as error:
        check(False, "%s: --live-stats has a line that is not a JSON object (%s)" % (what, error))
        return ""
    return "; --live-stats: %d lines, %d frame events" % (len(lines), frames)


CALL = ROOT / "Tests" / "Cases" / "live-call.jsonl"


class Feeder(threading.Thread):
    """Sends the call of Tests/Cases/live-call.jsonl to ours' --captions-feed tcp:// listener,
    each line when the stream reaches its `end` (a line that is not JSON right after the one
    before it), connecting as soon as ours listens."""

    def __init__(self, port, began):
        super().__init__(daemon=True)
        self.port, self.began, self.error = port, began, None

    def run(self):
        lines = CALL.read_text().splitlines()
        deadline = time.monotonic() + 15
        while True:
            try:
                connection = socket.create_connection(("127.0.0.1", self.port), timeout=1)
                break
            except OSError as error:
                if time.monotonic() > deadline:
                    self.error = "cannot connect to ours' feed listener: %s" % error
                    return
                time.sleep(0.1)
        with connection:
            due = 0.0
            for line in lines:
                try:
                    due = json.loads(line)["end"]
                except ValueError:
                    pass
                time.sleep(max(0.0, self.began + due - time.monotonic()))
                try:
                    connection.sendall((line + "\n").encode())
                except OSError:
                    return  # ours stopped before the call's end

            time.sleep(1)


def check_display(stats, what, loose=False):
    """The flicker rules on --live-stats: a committed word keeps its text and x, a row only
    grows at its end and moves only up; each feed item is applied on the first frame after it
    arrived (its wall time at most two frames after its arrival; `loose`, in make test where the
    other jobs share the cores: 0.5 s, as the quick run's latency bound is loose); the false
    word is erased."""
    lines = [json.loads(line) for line in stats.read_text().splitlines() if line.strip()]
    seen, rows, delays = {}, {}, []
    for line in lines:
        if line["event"] == "item" and "arrival" in line:
            delays.append(line["wall"] - line["arrival"])
        if line["event"] != "display":
            continue
        for row in line["rows"]:
            ids = [word["id"] for word in row["words"]]
            before = rows.get(row["id"])
            check(before is None or ids[:len(before)] == before, "%s: row %s was not only appended to at %.2f s" % (
                what, row["id"], line["t"]))
            rows[row["id"]] = ids
            for word in row["words"]:
                first = seen.setdefault(word["id"], (word["text"], word["x"], row["y"]))
                check((word["text"], word["x"]) == first[:2], "%s: committed word %s '%s' changed to '%s' at x %d (was %d) at %.2f s" % (
                    what, word["id"], first[0], word["text"], word["x"], first[1], line["t"]))
                check(row["y"] <= first[2], "%s: word '%s' moved down at %.2f s" % (what, word["text"], line["t"]))
    texts = [text for text, _, _ in seen.values()]
    end = next((line for line in reversed(lines) if line["event"] == "end"), {})
    if not check(delays, "%s: no feed item was applied" % what):
        return ""
    bound = 0.5 if loose else 2.0 / FPS + 0.02
    check(percentile(delays, 0.95) <= bound, "%s: feed items applied %.3f s (p95) after they arrived, over %s" % (
        what, percentile(delays, 0.95), "0.5 s" if loose else "2 frames"))
    check("you?" in texts and "and" not in texts, "%s: the final's words (not the false 'and') should be committed: %s" % (what, texts))
    check(end.get("erasureRate", 1) <= 0.1, "%s: %.3f erased words per committed word, over 0.1" % (what, end.get("erasureRate", 1)))
    return "; feed: %d items applied %.3f s (p50) / %.3f s (p95) after arrival, %d words committed, erasure %.3f" % (
        len(delays), percentile(delays, 0.5), percentile(delays, 0.95), len(seen), end.get("erasureRate", 0))


def fault_case(args, work, source, width, srt=False):
    """RTMP (or SRT: a listener in, a caller out) with its faults: the sender killed at 2.5 s
    and back at 4.5 s (from its 5 s on), the receiving server killed at 7 s and back at 8 s;
    ours must keep sending frames through the first (the last frame repeated, the sound
    silence), connect again after the second and say so, and stop with exit 0 on SIGINT with
    nothing left behind."""
    code, processes = Barcode(width), Processes(work / "run")
    name = "faults-srt" if srt else "faults"
    p0, p1 = (free_port(socket.SOCK_DGRAM if srt else socket.SOCK_STREAM) for _ in range(2))
    if srt:
        into = "srt://127.0.0.1:%d?mode=listener&latency=%d" % (p0, SRT_LATENCY_US)
        out = "srt://127.0.0.1:%d?mode=caller&latency=%d&pkt_size=1316" % (p1, SRT_LATENCY_US)
        sender_out = ["-f", "mpegts", "srt://127.0.0.1:%d?mode=caller&latency=%d&pkt_size=1316" % (p0, SRT_LATENCY_US)]
        heard_url = "srt://127.0.0.1:%d?mode=listener&latency=%d" % (p1, SRT_LATENCY_US)
    else:
        into, out = "rtmp://127.0.0.1:%d/live/in" % p0, "rtmp://127.0.0.1:%d/live/out" % p1
        sender_out, heard_url = ["-tag:v", "7", "-tag:a", "10", "-f", "flv", into], out
    stats = work / "run" / (name + ".stats.jsonl")
    stats.unlink(missing_ok=True)

    def send(skip, clock=0):
        # clock: where the sender's timestamps start, as a restarted encoder's own clock does.
        return processes.start(name + "-sender", ["ffmpeg", "-nostdin", "-v", "error", "-re", "-ss", str(skip), "-stream_loop", "-1",
                                                  "-i", str(source), "-map", "0", "-c", "copy", "-output_ts_offset", str(clock)]
                               + sender_out)
    try:
        heard = work / "run" / (name + "-r1.ts")
        heard.unlink(missing_ok=True)
        first = Receiver(processes, name + "-r1", heard_url, code, listen=not srt, audio=heard)
        wait_bound(p1, srt, first.process, "R1")
        extra = ["--reconnect", "10"]
        if srt:  # a slate instead of the last frame: a picture with no barcode
            slate = work / "slate.png"
            run_quietly(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=0x336699:size=320x180",
                         "-frames:v", "1", str(slate)], "ffmpeg")
            extra += ["--slate", str(slate)]
        ours = processes.start(name + "-ours", ours_command(args, into, out, stats=stats, extra=extra), session=True)
        wait_bound(p0, srt, ours, "ours")
        began = time.monotonic()
        sender = send(0)
        time.sleep(max(0, began + 2.5 - time.monotonic()))
        sender.kill()
        gone, blank = first.repeats, first.unreadable
        time.sleep(max(0, began + 4.5 - time.monotonic()))
        held, slated = first.repeats - gone, first.unreadable - blank
        send(5, clock=100)
        time.sleep(max(0, began + 7 - time.monotonic()))
        back = [n for n in first.arrivals if n >= 150]
        stall = max((b - a for a, b in zip(first.times, first.times[1:])), default=99)
        first.process.kill()
        time.sleep(1)
        second = Receiver(processes, name + "-r1b", heard_url, code, listen=not srt)
        # Ours tries again after 1 s, then 2 s later: the receiver is back for the second try.
        # An SRT caller hears of a listener gone only from libsrt, after its 5 s peer timeout.
        time.sleep(9 if srt else 5)
        again = len(second.arrivals) + second.repeats
        stop_ours(ours, name)
    except CaseError as error:
        check(False, "%s: %s" % (name, error))
        return
    finally:
        processes.end_all()
    said = ours.log.read_text(errors="replace")
    states = [json.loads(line) for line in stats.read_text().splitlines() if '"input"' in line or '"output"' in line]
    log(name + ": %d frames repeated and %d with no barcode (a slate) while the sender was away (2 s), %d new frames after it "
        "came back, %d frames at the restarted receiver, the longest time R1 got no frame %.2f s; input %s, output %s" % (
            held, slated, len(back), again, stall, [s["state"] for s in states if s["event"] == "input"],
            [s["state"] for s in states if s["event"] == "output"]))
    # RTMP: the sender's connection closes when it dies, and the last frame repeats at once. SRT:
    # the sender just goes quiet, and the input counts as lost after 1.5 s of nothing.
    check(srt or held >= 30, name + ": only %d frames reached R1 in the 2 s the sender was away (the last frame should repeat)" % held)
    check(not srt or (slated >= 5 and held <= 1), name + ": %d slate frames and %d repeated ones while the sender was away" % (
        slated, held))
    check(stall <= (2.0 if srt else 0.5), name + ": R1 got no frame for %.2f s" % stall)
    # The sound goes on through the outage: silence in the stream's codec, no gap. The pictures'
    # timestamps increase, a frame apart, and stay with the sound's, though the sender came
    # back on another clock.
    def heard_times(kind):
        packets = json.loads(run_quietly(["ffprobe", "-v", "error", "-select_streams", kind, "-show_entries",
                                          "packet=pts_time,duration_time", "-of", "json", str(heard)], "ffprobe")).get("packets", [])
        return [(float(p["pts_time"]), float(p.get("duration_time") or 0)) for p in packets if "pts_time" in p]
    times, pictures = heard_times("a:0"), heard_times("v:0")
    steps = [b[0] - a[0] for a, b in zip(pictures, pictures[1:])]
    apart = abs(pictures[-1][0] - times[-1][0]) if pictures and times else 99
    log(name + ": R1's pictures: %d, steps from %.3f to %.3f s; the last picture %.3f s from the last sound" % (
        len(pictures), min(steps or [0]), max(steps or [0]), apart))
    check(len(pictures) > 100 and min(steps or [0]) > 0 and max(steps or [1]) < 0.1,
          name + ": R1's picture timestamps step from %.3f to %.3f s" % (min(steps or [0]), max(steps or [1])))
    check(apart < 0.5, name + ": R1's last picture is %.3f s from its last sound" % apart)
    gaps = [b[0] - (a[0] + a[1]) for a, b in zip(times, times[1:])]
    log(name + ": R1 heard %d audio packets over %.1f s, the longest gap %.3f s" % (
        len(times), times[-1][0] - times[0][0] if times else 0, max(gaps or [0])))
    check(len(times) > 100 and max(gaps or [1]) < 0.1, name + ": the sound R1 got has a gap of %.3f s (%d packets)" % (
        max(gaps or [1]), len(times)))
    check(len(back) >= 30, name + ": only %d frames of the returned sender reached R1" % len(back))
    check("the input is back" in said, name + ": ours did not say the input came back: %s" % said[-300:])
    check("trying again" in said, name + ": ours did not say it would connect again: %s" % said[-300:])
    check(again >= 30, name + ": the restarted receiver got %d frames in 5 s" % again)


def stream_case(args, work, name, source, width, seconds, srt=False, limit=None, feed=False):
    """Streams `source` through ours and directly; checks and prints the added latency."""
    code, logs, processes = Barcode(width), work / "run", Processes(work / "run")
    p0, p1, p2 = (free_port(socket.SOCK_DGRAM if srt else socket.SOCK_STREAM) for _ in range(3))
    # The sender's MPEG-TS legs send each frame at once: its PES length written (else a reader
    # waits for the next frame's start to end it), no partial datagram held back.
    ts = "[f=mpegts:onfail=ignore:omit_video_pes_length=0:flush_packets=1]"
    udp_in = "udp://127.0.0.1:%d?fifo_size=100000&overrun_nonfatal=1"
    if srt:
        into = "srt://127.0.0.1:%d?mode=listener&latency=%d" % (p0, SRT_LATENCY_US)
        leg = ts + "srt://127.0.0.1:%d?mode=caller&latency=%d&pkt_size=1316" % (p0, SRT_LATENCY_US)
        out, heard = "udp://127.0.0.1:%d?pkt_size=1316" % p1, udp_in % p1
        direct_leg, direct_url = ts + "udp://127.0.0.1:%d?pkt_size=1316" % p2, udp_in % p2
    else:
        into, out, direct_url = ("rtmp://127.0.0.1:%d/live/%s" % pair for pair in ((p0, "in"), (p1, "out"), (p2, "direct")))
        leg, heard, direct_leg = "[f=flv:onfail=ignore]" + into, out, "[f=flv:onfail=ignore]" + direct_url
    stats = None if args.stand_in else logs / (name + ".stats.jsonl")
    if stats and stats.exists():
        stats.unlink()
    feed_port = free_port(socket.SOCK_STREAM) if feed and not args.stand_in else None
    extra = ["--captions-feed", "tcp://127.0.0.1:%d" % feed_port] if feed_port else []
    try:
        ours_out = Receiver(processes, name + "-r1", heard, code, listen=not srt)
        direct = Receiver(processes, name + "-r2", direct_url, code, listen=not srt)
        wait_bound(p1, srt, ours_out.process, "R1 (the receiver of our output)")
        wait_bound(p2, srt, direct.process, "R2 (the direct receiver)")
        ours = processes.start(name + "-ours", ours_command(args, into, out, stats=stats, extra=extra), session=True)
        wait_bound(p0, srt, ours, "ours")
        # Looped: the input goes on after SIGINT, so ours must stop on the signal itself.
        # FLV refuses the MP4 codec tags (avc1, mp4a) that tee passes on: its own.
        sender = processes.start(name + "-sender", ["ffmpeg", "-nostdin", "-v", "error", "-re", "-stream_loop", "-1",
                                                    "-i", str(source), "-map", "0", "-c", "copy", "-tag:v", "7", "-tag:a", "10",
                                                    "-f", "tee", leg + "|" + direct_leg])
        began = time.monotonic()
        feeder = Feeder(feed_port, began) if feed_port else None
        if feeder:
            feeder.start()
        while time.monotonic() < began + seconds - 1.5 and sender.poll() is None and ours.poll() is None:
            time.sleep(0.05)
        if not check(ours.poll() is None, "%s: ours exited %s before it was stopped: %s" % (name, ours.returncode, tail(ours))):
            return
        check(sender.poll() is None, "%s: the sender ended %.1f s into the %d s source: %s" % (
            name, time.monotonic() - began, seconds, tail(sender)))
        stop_took = stop_ours(ours, name)
        if not srt and stop_took is not None:
            try:
                check(ours_out.process.wait(timeout=5) == 0, "%s: R1 saw our RTMP stream end badly (exit %s): %s" % (
                    name, ours_out.process.returncode, tail(ours_out.process)))
            except subprocess.TimeoutExpired:
                check(False, "%s: R1 saw no end of our RTMP stream 5 s after ours stopped" % name)
        ours_out.wait_idle(1.0, 3)
    except CaseError as error:
        check(False, "%s: %s" % (name, error))
        return
    finally:
        processes.end_all()
    (logs / (name + ".arrivals.json")).write_text(json.dumps({"r1": ours_out.arrivals, "r2": direct.arrivals}))
    note = stats_summary(stats, name)
    if feed_port:
        check(feeder.error is None, "%s: %s" % (name, feeder.error))
        note += check_display(stats, name, loose=args.quick)
        check(":5: not valid JSON" in ours.log.read_text(errors="replace"),
              "%s: ours did not warn of the feed's line 5, which is not JSON" % name)
    report_latency(name, code, ours_out, direct, srt, limit, stop_took, note, args.warm_up)


def report_latency(name, code, ours_out, direct, srt, limit, stop_took, stats_note, warm_up):
    got, base = ours_out.arrivals, direct.arrivals
    if not check(got, "%s: R1 decoded no frame of our output (%d unreadable): %s" % (
            name, ours_out.unreadable, tail(ours_out.process))):
        return
    both = sorted(set(got) & set(base))
    if not check(both, "%s: no frame number reached both R1 and R2 (R2 got %d)" % (name, len(base))):
        return
    lo, hi = min(got), max(got)
    missing = [n for n in range(lo, hi + 1) if n not in got]
    added = {n: got[n] - base[n] - (SRT_LATENCY_US / 1e6 if srt else 0.0) for n in both}
    steady = [added[n] for n in both if n >= warm_up * FPS] or list(added.values())
    p50, p95 = percentile(steady, 0.5), percentile(steady, 0.95)
    log("%s (%dx%d band): %d frames via ours (%d-%d, %d missing, %d repeated, %d unreadable), %d direct (%d missing); added "
        "latency%s p50 %.3f s, p95 %.3f s over %d frames past %g s; max %.3f s, first frame (%d) %.3f s; SIGINT to exit %s%s" % (
            name, code.width, code.band, len(got), lo, hi, len(missing), ours_out.repeats, ours_out.unreadable, len(base),
            max(base) + 1 - min(base) - len(base), " less SRT's %d ms" % (SRT_LATENCY_US // 1000) if srt else "", p50, p95,
            len(steady), warm_up, max(added.values()), both[0], added[both[0]],
            "%.2f s" % stop_took if stop_took is not None else "-", stats_note))
    check(len(missing) <= 0.05 * (hi - lo + 1), "%s: %d of frames %d-%d missing from our output (first %s)" % (
        name, len(missing), lo, hi, missing[:5]))
    if limit is not None:
        check(p95 < limit, "%s: p95 added latency %.3f s, above %.2f s" % (name, p95, limit))


def file_case(args, work, source, seconds, delay=0):
    """`live SRC --realtime -o OUT.mkv [--delay D]`: wall time near the duration (and the delay); the frames all
    there, in order, and audio."""
    processes, out = Processes(work / "run"), work / "run" / "file.mkv"
    out.unlink(missing_ok=True)
    width, wanted = map(int, run_quietly(["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries",
                                          "stream=width,nb_read_packets", "-of", "csv=p=0", str(source)], "ffprobe").split(b","))
    try:
        began = time.monotonic()
        extra = ("--delay", str(delay)) if delay else ()
        ours = processes.start("file-ours", ours_command(args, str(source), str(out), realtime=True, extra=extra), session=True)
        try:
            code = ours.wait(timeout=2 * seconds + 15)
        except subprocess.TimeoutExpired:
            check(False, "file: ours still running %d s into a %d s file" % (2 * seconds + 15, seconds))
            stop_ours(ours, "file")
            return
        wall = time.monotonic() - began
        if not check(code == 0, "file: ours exited %s: %s" % (code, tail(ours))) or not check(out.exists(), "file: no %s" % out):
            return
    finally:
        processes.end_all()
    frames = json.loads(run_quietly(["ffprobe", "-v", "error", "-show_entries", "frame=media_type,pts", "-of", "json", str(out)],
                                    "ffprobe"))["frames"]
    pts = [f["pts"] for f in frames if f.get("media_type") == "video" and "pts" in f]
    kinds = sorted({f.get("media_type") for f in frames})
    numbers = read_file_barcodes(out, Barcode(width))
    readable = [n for n in numbers if n is not None]
    backwards = sum(b <= a for a, b in zip(pts, pts[1:]))
    disordered = sum(b <= a for a, b in zip(readable, readable[1:]))
    log("file: %s in %.2f s of wall time for %d s (delay %g s); %d video frames (source %d), %d pts not increasing, barcodes %d-%d "
        "(%d unreadable, %d out of order), frames of %s" % (
            out.name, wall, seconds, delay, len(pts), wanted, backwards, min(readable or [0]), max(readable or [0]),
            len(numbers) - len(readable), disordered, " and ".join(kinds)))
    check(0.7 * seconds + delay <= wall <= 1.3 * seconds + delay,
          "file: %.2f s of wall time for a %d s file and a %g s delay, not within 30%%" % (wall, seconds, delay))
    check(abs(len(pts) - wanted) <= 2, "file: %d video frames, the source has %d" % (len(pts), wanted))
    check(not backwards, "file: %d video frames' pts do not increase" % backwards)
    check(not disordered, "file: %d frames' barcodes are not after the previous frame's (repeated or reordered)" % disordered)
    check("audio" in kinds, "file: no audio in %s (frames of %s)" % (out.name, kinds))


def interrupt_case(args, work, source):
    """`live SRC --realtime --delay 1 -o OUT.mp4`, SIGINT after 2.5 s: exit 0, nothing left behind, and the MP4 in
    place and playable to its last frame (every video packet decodes), the frames held by the delay sent too."""
    processes, out = Processes(work / "run"), work / "run" / "interrupted.mp4"
    out.unlink(missing_ok=True)
    try:
        ours = processes.start("interrupt-ours", ours_command(args, str(source), str(out), realtime=True, extra=("--delay", "1")),
                               session=True)
        time.sleep(2.5)
        if not check(ours.poll() is None, "interrupt: ours ended early: %s" % tail(ours)):
            return
        stop_ours(ours, "interrupt")
    finally:
        processes.end_all()
    if not check(out.exists(), "interrupt: no %s after SIGINT" % out.name):
        return
    probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_frames", "-count_packets", "-show_entries",
                            "stream=nb_read_frames,nb_read_packets", "-of", "csv=p=0", str(out)], capture_output=True)
    fields = probe.stdout.decode().strip().split(",")
    if not check(probe.returncode == 0 and len(fields) == 2, "interrupt: ffprobe cannot read %s: %s" % (
            out.name, probe.stderr.decode().strip()[-200:])):
        return
    frames, packets = map(int, fields)
    log("interrupt: SIGINT at 2.5 s with --delay 1: %s has %d video frames, %d packets, all decoded" % (out.name, frames, packets)
        if frames == packets else "interrupt: %d frames of %d packets" % (frames, packets))
    check(frames == packets, "interrupt: %d of %d video packets decode" % (frames, packets))
    # 2.5 s at 30 fps: about 75 frames read, the last second of them held by the delay and sent on the stop.
    check(60 <= frames <= 90, "interrupt: %d frames after 2.5 s, not 60-90 (the held ones lost?)" % frames)


def key(text):
    return "".join(c for c in text.lower() if c.isalnum())


def slope(points):
    """Least-squares slope of (x, y) points."""
    n = len(points)
    mx, my = sum(x for x, _ in points) / n, sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / sxx if sxx else 0.0


def looped_speech(work, speech, truth, minutes):
    """The `en` clip looped to `minutes` minutes (a wav) and its truth with every copy's words."""
    seconds = minutes * 60
    wav = work / ("speech-en-%dmin.wav" % minutes)
    if not wav.exists():
        loops = int(seconds // truth["duration"]) + 1
        run_quietly(["ffmpeg", "-nostdin", "-v", "error", "-y", "-stream_loop", str(loops), "-i", str(speech / "en.wav"), "-t",
                     str(seconds), str(wav)], "ffmpeg")
    words = []
    copy = 0
    while copy * truth["duration"] < seconds:
        shift = copy * truth["duration"]
        words += [dict(w, start=w["start"] + shift, end=w["end"] + shift) for w in truth["words"] if w["end"] + shift <= seconds]
        copy += 1
    return wav, dict(truth, duration=seconds, words=words, copy_seconds=truth["duration"])


def match_words(truth_words, heard, copy_seconds=None):
    """Pairs of (truth word, heard (id, (time, text))) matched in order by key. A looped clip
    (`copy_seconds`) repeats its text, so each copy is matched on its own against the heard
    words that follow the last one matched, shown before the next copy's end (a word shows a
    few seconds after it is spoken, never before)."""
    import difflib
    copies = [truth_words] if not copy_seconds else [
        [w for w in truth_words if k * copy_seconds <= w["start"] < (k + 1) * copy_seconds]
        for k in range(int(max(w["end"] for w in truth_words) // copy_seconds) + 1)]
    pairs, start = [], 0
    for number, words in enumerate(copies):
        if not words:
            continue
        limit = (number + 1) * copy_seconds + 6 if copy_seconds else float("inf")
        window = [item for item in heard[start:] if item[1][0] < limit]
        matcher = difflib.SequenceMatcher(a=[key(w["text"]) for w in words], b=[key(text) for _, (_, text) in window],
                                          autojunk=False)
        last = -1
        for block in matcher.get_matching_blocks():
            for offset in range(block.size):
                pairs.append((words[block.a + offset], window[block.b + offset]))
                last = block.b + offset
        start += last + 1
    return pairs


def auto_case(args, work, model, width=1280, height=720):
    """`--captions auto` on the speech of scripts/make-speech.py's `en` clip (41.6 s, every word's
    time known), played live at 720p: for each word of the truth matched (in order, by key) to a
    word shown, the time it was first shown and first committed after the word ended; the
    CPU time of ours and its recognizer against the clip's length; frames sent."""
    import resource
    speech = work / "speech"
    if not (speech / "en.json").exists():
        run_quietly([sys.executable, str(ROOT / "scripts" / "make-speech.py"), "--only", "en", str(speech)], "make-speech")
    truth = json.loads((speech / "en.json").read_text())
    wav = speech / "en.wav"
    if args.minutes:
        wav, truth = looped_speech(work, speech, truth, args.minutes)
    seconds = truth["duration"]
    source = work / ("speech-en-%dx%d%s.mp4" % (width, height, "-%dmin" % args.minutes if args.minutes else ""))
    if not source.exists():
        run_quietly(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=%dx%d:rate=%d" % (width, height, FPS),
                     "-i", str(wav), "-shortest", "-c:v", "libx264", "-preset", "veryfast", "-g", "60", "-bf", "0",
                     "-c:a", "aac", "-b:a", "128k", str(source)], "ffmpeg")
    stats, out = work / "run" / ("auto-%s.stats.jsonl" % model), work / "run" / ("auto-%s.mkv" % model)
    processes = Processes(work / "run")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        delay = ["--delay", str(args.delay)] if args.delay else []
        ours = processes.start("auto-ours", [args.bin, "live", str(source), "--realtime", "-o", str(out), "--captions", "auto",
                                             "--language", "en", "--model", model, "--live-stats", str(stats)] + delay, session=True)
        code = ours.wait(timeout=seconds * 1.5 + 60)
    except subprocess.TimeoutExpired:
        check(False, "auto: ours still running")
        return
    finally:
        processes.end_all()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if not check(code == 0, "auto: ours exited %s: %s" % (code, tail(ours))):
        return
    shown, committed, frames, end = {}, {}, 0, {}
    for line in stats.read_text().splitlines():
        event = json.loads(line)
        if event["event"] == "frame":
            frames = event["n"]
        if event["event"] == "end":
            end = event
        if event["event"] != "display":
            continue
        for word in event["tentative"]:
            shown.setdefault(word["id"], (event["t"], word["text"]))
        for row in event["rows"]:
            for word in row["words"]:
                shown.setdefault(word["id"], (event["t"], word["text"]))
                committed.setdefault(word["id"], event["t"])
    heard = sorted(shown.items())  # ids grow in the order words were first made
    truth_words = truth["words"]
    first, sure, onset, lags = [], [], [], []
    for word, (ident, (t, _)) in match_words(truth_words, heard, truth.get("copy_seconds")):
        first.append(t - word["end"])
        lags.append((word["end"], t - word["end"]))
        onset.append(t - word["start"])
        if ident in committed:
            sure.append(committed[ident] - word["end"])
    if not check(first, "auto: no word of the truth was shown (%d shown)" % len(heard)):
        return
    if args.delay:
        off = [abs(value) for value in onset]
        log("auto --delay %g (%s): %d of %d words matched, shown after their start p50 %+.2f s, within 0.2 s of it: %d "
            "(%.0f%%), |off| p50 %.2f s, p95 %.2f s, max %.2f s; %d frames of %d" % (
                args.delay, model, len(onset), len(truth_words), percentile(onset, 0.5), sum(v <= 0.2 for v in off),
                100 * sum(v <= 0.2 for v in off) / len(off), percentile(off, 0.5), percentile(off, 0.95), max(off), frames,
                round(seconds * FPS)))
        check(percentile(off, 0.95) <= 0.2, "auto --delay: words shown %.2f s (p95) off their starts, over 0.2 s" % percentile(off, 0.95))
        return
    log("auto (%s, %dx%d, %.1f s of speech): %d of %d words matched; first shown after the word's end p50 %.2f s, p95 %.2f s; "
        "committed p50 %.2f s, p95 %.2f s (%d); %d frames of %d; CPU %.1f s (%.2f of a core)" % (
            model, width, height, seconds, len(first), len(truth_words), percentile(first, 0.5), percentile(first, 0.95),
            percentile(sure, 0.5) if sure else -1, percentile(sure, 0.95) if sure else -1, len(sure), frames, round(seconds * FPS),
            cpu, cpu / seconds))
    if args.minutes:
        # The lag's trend over the run, and the first and last minutes side by side.
        per_ten = slope(lags) * 600
        early = [lag for at, lag in lags if at < 60]
        late = [lag for at, lag in lags if at >= seconds - 60]
        log("auto over %d min: lag slope %+.3f s per 10 min; first minute p50 %.2f s, last minute p50 %.2f s; sound dropped "
            "%.1f s, skipped by the engine %.1f s; erasure %.3f; %d frames of %d (%d short)" % (
                args.minutes, per_ten, percentile(early, 0.5), percentile(late, 0.5), end.get("droppedSeconds", -1),
                end.get("skippedSeconds", -1), end.get("erasureRate", -1), frames, round(seconds * FPS),
                max(0, round(seconds * FPS) - frames)))
        check(per_ten < 0.1, "auto: the caption lag grows %+.3f s per 10 minutes, over 0.1 s" % per_ten)
        check(cpu / seconds <= 2.0, "auto: %.2f cores, over the 2 of the machine" % (cpu / seconds))
        check(frames >= round(seconds * FPS) - 2, "auto: %d frames sent of %d" % (frames, round(seconds * FPS)))
    check(percentile(first, 0.5) <= 1.5 and percentile(first, 0.95) <= 2.5,
          "auto: words first shown %.2f s (p50) / %.2f s (p95) after they end, over 1.5 / 2.5 s" % (
              percentile(first, 0.5), percentile(first, 0.95)))
    check(sure and percentile(sure, 0.95) <= 3.0, "auto: words committed %.2f s (p95) after they end, over 3.0 s" % (
        percentile(sure, 0.95) if sure else float("nan")))


def main():
    if sys.argv[1:2] == ["--relay"]:
        return relay(sys.argv[2:])
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="640x360: the file case (4 s) and RTMP (8 s), for make test")
    parser.add_argument("--srt", action="store_true", help="add the SRT case to --quick")
    parser.add_argument("--tall", action="store_true", help="add RTMP at 1080x1920 (reported, no bound)")
    parser.add_argument("--stand-in", nargs="?", const="x264", choices=["x264", "copy"],
                        help="an ffmpeg relay in place of burn-captions live: libx264 (default) or copying the video")
    parser.add_argument("--bin", default=os.environ.get("BURN_CAPTIONS_BIN") or str(ROOT / ".build/release/burn-captions"),
                        help="the binary (default $BURN_CAPTIONS_BIN or .build/release/burn-captions)")
    parser.add_argument("--work", default=str(ROOT / ".build/live"), help="the source cache and the run's logs")
    parser.add_argument("--warm-up", type=float, default=2.0, help="seconds of stream left out of p50/p95 (default 2)")
    parser.add_argument("--auto", nargs="?", const="base", metavar="MODEL",
                        help="only --captions auto on 41.6 s of speech at 720p (default model base): caption latency and CPU")
    parser.add_argument("--delay", type=float, metavar="SECONDS",
                        help="with --auto: live --delay SECONDS; words must show within 0.2 s of their starts (p95)")
    parser.add_argument("--minutes", type=int, metavar="N",
                        help="with --auto: the clip looped to N minutes; the lag must not grow (make bench-live: 10)")
    args = parser.parse_args()
    if not args.stand_in and not Path(args.bin).exists():
        print("test-live: FAILED: %s is missing: run make build (or --stand-in)" % args.bin)
        return 1
    started = time.monotonic()
    work = Path(args.work).resolve()
    (work / "run").mkdir(parents=True, exist_ok=True)
    width, height, seconds = (640, 360, 8) if args.quick else (1280, 720, 20)
    check_reader()
    if args.auto:
        auto_case(args, work, args.auto)
        log("%s in %.1f s" % ("FAILED: %d failures" % len(failures) if failures else "passed", time.monotonic() - started))
        return 1 if failures else 0
    try:
        source = make_source(work, width, height, seconds)
        played = seconds // 2 if args.quick else 8
        file_case(args, work, make_source(work, width, height, played), played, delay=0 if args.stand_in else 1)
        stream_case(args, work, "rtmp-%dx%d" % (width, height), source, width, seconds, limit=1.5 if args.quick else 0.3, feed=True)
        if not args.stand_in:
            fault_case(args, work, make_source(work, width, height, 12), width)
            interrupt_case(args, work, make_source(work, width, height, 12))
        if args.srt or not args.quick:
            stream_case(args, work, "srt-%dx%d" % (width, height), source, width, seconds, srt=True)
            if not args.stand_in:
                fault_case(args, work, make_source(work, width, height, 12), width, srt=True)
        if args.tall:
            stream_case(args, work, "rtmp-1080x1920", make_source(work, 1080, 1920, seconds), 1080, seconds)
    except CaseError as error:
        check(False, str(error))
    outcome = "FAILED: %d failures" % len(failures) if failures else "passed"
    ran = "stand-in" if args.stand_in else args.bin
    log("%s in %.1f s (%s; logs in %s)" % (outcome, time.monotonic() - started, ran, work / "run"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
