#!/usr/bin/env python3
"""burn-captions' speech recognizer: protocol v1 (docs/RECOGNIZER.md) over faster-whisper.

stdin: one line of JSON (the request), then exactly `samples` little-endian float32 mono
samples at 16 kHz, then EOF. stdout: JSON lines only (ready, language, segment, progress,
done or error). Everything else (the engine's logging, warnings) goes to stderr.
Exit codes: 0 done (also when detection stopped with transcribed:false), 1 error (after an
error line), 2 bad command line, 130 SIGINT, 143 SIGTERM.
"""
import ctypes
import json
import logging
import os
import queue
import signal
import sys
import threading

from burn_languages import (BATCHED_VAD, Failure, LanguageDetector, LanguageTrack, Window, check_fields, check_languages,
                             engine_fields, is_int, is_number)

# onnxruntime (faster-whisper's Silero VAD) is asked to send no telemetry, before it is first
# imported. The 1.28.0 pinned in requirements.txt has none on Linux; later wheels write files
# for it on import whatever this says (requirements.txt).
os.environ["ORT_DISABLE_TELEMETRY"] = "1"

PROTOCOL = 1
# A request with "protocol": 2 is a stream (live captions): burn_streaming.py serves it.
STREAM_PROTOCOL = 2
ENGINE = "faster-whisper"
SAMPLE_RATE = 16000
MODEL_FILES = ("model.bin", "config.json", "tokenizer.json")
# Each window is conditioned on the text of the one before, as faster-whisper and
# whisper-ctranslate2 do by default: without it, the bench's pink-noise copies lost words after
# the first 30 s (en WER 0.077 against 0.051, de 0.384 against 0.329; docs/RECOGNIZER.md).
# A loop it may carry is caught by the caller (compression ratio, no voice under the words).
CONDITION_ON_PREVIOUS_TEXT = True
# faster-whisper's default: above this sampling temperature a window's text is not carried
# into the prompt of the next one (the prompt is reset).
PROMPT_RESET_ON_TEMPERATURE = 0.5
# The most previous-text tokens carried from one long-audio window into the next as its prompt:
# faster-whisper conditions on the last 223 (half its 448-token context, less one).
PROMPT_TOKENS = 223
BATCH_SIZE = 8
# The batched pipeline's own chunk length (faster-whisper 1.2.1's
# BatchedInferencePipeline.transcribe), to make its chunks across windows (its VAD options
# are burn_languages.BATCHED_VAD).
BATCHED_CHUNK_SECONDS = 30
# The seed of the sampling fallback: a transcript is the same on every run.
SEED = 1

# Long recordings (docs/RECOGNIZER.md, "Long recordings"). The audio is transcribed in windows
# of at most WINDOW_SECONDS, so the child's memory does not grow with the length. Given a
# whole recording, faster-whisper computes the features of all its speech at once (the
# STFT: about 0.9 MB per second of speech) and Silero VAD holds about 0.3 MB per second of
# audio; at 300 s the sequential path peaks at about 0.7 GB with base, under the batched
# pipeline's 1.2 GB (its 8 x 30 s encoder batch, whatever the window), so the window does
# not set the bound. Longer windows would raise it; shorter ones add seams (a part-filled
# 30 s decoding window each, and a new start for the previous-text prompt).
WINDOW_SECONDS = 300
# A window ends at the longest pause in its last CUT_SEARCH_SECONDS (Silero VAD's gaps
# between speech), so no word is cut; the rest of the window starts the next one.
CUT_SEARCH_SECONDS = 30
# What counts as a pause for the cut: VAD silence of at least this long, unpadded. Shorter
# than faster-whisper's 2 s, so the gaps between words count when there is no longer pause.
CUT_MIN_SILENCE_MS = 100
# Without any pause (continuous sound), the window is cut at its quietest stretch of this
# many seconds (mean energy), the middle of it.
CUT_QUIET_SECONDS = 0.1
ENERGY_FRAME_SAMPLES = 160  # 10 ms
# The samples are read from stdin in blocks of this many seconds, converted and checked per
# block, into a queue of at most READ_AHEAD_BLOCKS: reading runs that far ahead of the
# windows and then waits (the writer then waits on the pipe). 60 s is 3.7 MiB.
READ_BLOCK_SECONDS = 1
READ_AHEAD_BLOCKS = 60
# While the language is not known, windows with speech are held back (not yet transcribed)
# so detection can look at more speech; at most this many, then it decides on what it has.
LANGUAGE_HOLD_WINDOWS = 2


class Output:
    """Protocol lines on the real stdout, one JSON object a line, flushed at once."""

    def __init__(self):
        # Whatever else writes to fd 1 (a library's print, a C library's logging) goes to
        # stderr: the protocol has the original stdout to itself.
        self.stream = os.fdopen(os.dup(1), "w", encoding="utf-8")
        os.dup2(2, 1)
        sys.stdout = sys.stderr
        self.lock = threading.Lock()

    def send(self, message):
        line = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
        with self.lock:
            try:
                self.stream.write(line + "\n")
                self.stream.flush()
            except (BrokenPipeError, ValueError):
                os._exit(1)  # the reader went away; nobody is left to tell


def version_of(package):
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version(package)
    except PackageNotFoundError:
        return None


# ---- The request -----------------------------------------------------------------------

# name: (check, what the value must be)
FIELDS = {
    "protocol": (lambda v: is_int(v) and v == PROTOCOL, f"the integer {PROTOCOL}"),
    **engine_fields("model", "download", "compute_type", "device", "threads", "language"),
    "languages": (lambda v: v is None or (isinstance(v, list) and 1 <= len(v) <= 200 and len(set(map(str, v))) == len(v)
                                          and all(isinstance(code, str) and code != "" for code in v)),
                  "null (any language) or a list of distinct language codes such as [\"en\", \"fr\"]"),
    "language_threshold": (lambda v: is_number(v) and 0 <= v <= 1, "a number from 0 to 1"),
    "detect_segments": (lambda v: is_int(v) and 1 <= v <= 100, "an integer from 1 to 100"),
    **engine_fields("vad", "beam_size"),
    "batched": (lambda v: isinstance(v, bool), "true or false"),
    "sample_rate": (lambda v: is_int(v) and v == SAMPLE_RATE, f"the integer {SAMPLE_RATE}"),
    "samples": (lambda v: is_int(v) and v >= 0, "a count of samples (an integer, 0 or more)"),
}


def read_request(stdin):
    line = stdin.readline(1 << 20)
    if not line.strip():
        raise Failure("input", "no request: stdin must start with one line of JSON")
    if not line.endswith(b"\n"):
        raise Failure("input", "the request line does not end with a newline (or is over 1 MiB)")
    try:
        request = json.loads(line)
    except (ValueError, UnicodeDecodeError) as error:
        raise Failure("input", f"the request line is not JSON: {error}")
    if not isinstance(request, dict):
        raise Failure("input", "the request must be a JSON object")
    if is_int(request.get("protocol")) and request["protocol"] == STREAM_PROTOCOL:
        return request  # checked by burn_streaming
    check_fields(request, FIELDS)
    if request["language"] is not None and request["languages"] is not None:
        raise Failure("input", "request fields 'language' and 'languages' are both given: "
                               "one language, or the languages to detect among", "languages")
    return request


class SampleReader(threading.Thread):
    """Reads the samples from stdin in blocks, while the model loads and then as the windows
    need them, into a bounded queue: the whole recording is never held. Each block becomes
    float32 with non-finite samples zeroed (NaN) or clamped (infinities) to -1 and 1."""

    END = None  # queued after the last block (all read, stdin ended early, or read failed)

    def __init__(self, stdin, count):
        super().__init__(name="samples", daemon=True)
        self.stdin = stdin
        self.wanted = count * 4  # bytes
        self.received = 0  # bytes
        self.error = None
        self.blocks = queue.Queue(maxsize=READ_AHEAD_BLOCKS)
        self.left = None  # the part of the last block taken that is not taken yet

    def run(self):
        import numpy
        block_bytes = READ_BLOCK_SECONDS * SAMPLE_RATE * 4
        try:
            while self.received < self.wanted:
                buffer = bytearray(min(block_bytes, self.wanted - self.received))
                got = self.read_into(buffer)
                self.received += got
                if got >= 4:
                    self.blocks.put(self.samples_of(numpy, memoryview(buffer)[: got // 4 * 4]))
                if got < len(buffer):
                    break  # stdin ended early
        except OSError as error:
            self.error = error
        finally:
            self.blocks.put(self.END)

    def read_into(self, buffer):
        """Fills buffer from stdin; fewer bytes only at its end. The count read."""
        view, got = memoryview(buffer), 0
        while got < len(buffer):
            count = self.stdin.readinto(view[got:])
            if not count:
                break
            got += count
        return got

    @staticmethod
    def samples_of(numpy, data):
        """The block's bytes as float32 samples (no copy unless some are not finite)."""
        audio = numpy.frombuffer(data, dtype="<f4").astype(numpy.float32, copy=False)
        if not numpy.isfinite(audio).all():
            audio = numpy.nan_to_num(audio, nan=0.0, posinf=1.0, neginf=-1.0)
        return audio

    def take(self, count, before):
        """The samples `before` (an array) followed by the next count read, as one float32
        array; a Failure of kind input when stdin ended (or failed) before them."""
        import numpy
        audio = numpy.empty(len(before) + count, dtype=numpy.float32)
        audio[: len(before)] = before
        filled = len(before)
        while filled < len(audio):
            if self.left is None:
                self.left = self.blocks.get()
                if self.left is self.END:
                    self.blocks.put(self.END)  # a later take fails the same way
                    self.left = None
                    raise self.failure()
            used = min(len(audio) - filled, len(self.left))
            audio[filled:filled + used] = self.left[:used]
            filled += used
            self.left = self.left[used:] if used < len(self.left) else None
        return audio

    def failure(self):
        if self.error is not None:
            return Failure("input", f"reading the samples failed: {self.error}", "samples")
        return Failure("input", f"stdin ended after {self.received // 4} of {self.wanted // 4} "
                                f"samples ({self.received} of {self.wanted} bytes)", "samples")


# ---- The model -------------------------------------------------------------------------

def check_folder(path):
    if not os.path.isdir(path):
        raise Failure("model", f"model folder {path} does not exist")
    missing = [name for name in MODEL_FILES if not os.path.isfile(os.path.join(path, name))]
    if missing:
        raise Failure("model", f"model folder {path} has no {', '.join(missing)} "
                               f"(a CTranslate2 Whisper model needs {', '.join(MODEL_FILES)})")


def resolve_model(name, download):
    """The model's folder: a path as given, else a name looked up (or fetched) by faster-whisper."""
    if os.path.isabs(name) or name.startswith((".", "~")) or os.path.isdir(name):
        path = os.path.abspath(os.path.expanduser(name))
        check_folder(path)
        return path
    from faster_whisper.utils import download_model
    try:
        path = download_model(name, local_files_only=not download)
    except Exception as error:  # noqa: BLE001 - any failure here is the model's
        where = "faster-whisper's cache" if not download else "the hub"
        raise Failure("model", f"model '{name}' is not a folder and could not be found in "
                               f"{where}" + ("" if download else " (download is false)")
                               + f": {error}")
    check_folder(path)
    return path


def confident_model_class():
    """faster-whisper's WhisperModel, but a window whose greedy decode was confident is not
    called silence because a fallback sample scored badly.

    A sentence really said over and over compresses like a loop, so its greedy decode fails
    the compression-ratio check and the sampling fallback runs; at the highest temperature a
    random sample scores a low log probability, and with Whisper's high no-speech
    probability on such audio faster-whisper then skips the whole window as silence (30 s of
    a repeated sentence gave nothing: docs/RECOGNIZER.md). Then the greedy decode is taken
    again and kept when its own log probability is above the threshold: the caller judges a
    loop (InventedSpeech) by the voice under its words. Only windows that would be skipped
    are decoded twice."""
    import dataclasses
    from faster_whisper import WhisperModel

    class ConfidentModel(WhisperModel):
        def generate_with_fallback(self, encoder_output, prompt, tokenizer, options):
            decoded = super().generate_with_fallback(encoder_output, prompt, tokenizer, options)
            result, avg_logprob, temperature, _ = decoded
            if (temperature == 0 or options.no_speech_threshold is None or options.log_prob_threshold is None
                    or result.no_speech_prob <= options.no_speech_threshold
                    or avg_logprob >= options.log_prob_threshold):
                return decoded
            greedy = super().generate_with_fallback(encoder_output, prompt, tokenizer,
                                                    dataclasses.replace(options, temperatures=[0.0]))
            if greedy[1] < options.log_prob_threshold:
                return decoded
            # The fallback's temperature is kept, so the next window's prompt is still reset.
            return greedy[0], greedy[1], temperature, greedy[3]

    return ConfidentModel


def load_model(request):
    path = resolve_model(request["model"], request["download"])
    WhisperModel = confident_model_class()
    threads = request["threads"] or os.cpu_count() or 1
    try:
        model = WhisperModel(path, device=request["device"], compute_type=request["compute_type"],
                             cpu_threads=threads, local_files_only=True)
    except Exception as error:  # noqa: BLE001 - a corrupt or unreadable model
        raise Failure("model", f"model folder {path} could not be loaded: {error}")
    return path, model


# ---- Windows ---------------------------------------------------------------------------

def windows(reader, count):
    """(first sample, audio) of each window of the recording in turn, read from the reader as
    it is needed: WINDOW_SECONDS from where the last one ended, cut at a pause (cut_point)
    unless it reaches the end; what is after the cut starts the next window. A recording of
    one window or less (also an empty one) is one window: the whole of it."""
    import numpy
    length = WINDOW_SECONDS * SAMPLE_RATE
    start, carried = 0, numpy.empty(0, dtype=numpy.float32)
    while True:
        end = min(start + length, count)
        audio = reader.take(end - start - len(carried), before=carried)
        if end < count:
            cut = cut_point(audio)
            carried = audio[cut:].copy()
            audio = audio[:cut]
        release_memory()  # the blocks read, now in audio
        yield start, audio
        if end >= count:
            return
        start += len(audio)
        del audio  # before the next window is read


def cut_point(audio):
    """Where a full window ends (an index into audio): the middle of the longest pause that
    Silero VAD finds in its last CUT_SEARCH_SECONDS (the latest of equal ones), else the
    middle of the quietest CUT_QUIET_SECONDS there."""
    from faster_whisper.vad import VadOptions, get_speech_timestamps
    zone_start = max(0, len(audio) - CUT_SEARCH_SECONDS * SAMPLE_RATE)
    zone = audio[zone_start:]
    options = VadOptions(min_silence_duration_ms=CUT_MIN_SILENCE_MS, speech_pad_ms=0)
    gaps = pauses(get_speech_timestamps(zone, options), len(zone))
    if gaps:
        first, last = max(gaps, key=lambda gap: (gap[1] - gap[0], gap[0]))
        return zone_start + (first + last) // 2
    return zone_start + quietest(zone)


def pauses(speech, length):
    """The (start, end) sample ranges of [0, length) outside VAD's speech chunks."""
    gaps, previous = [], 0
    for chunk in speech:
        if chunk["start"] > previous:
            gaps.append((previous, chunk["start"]))
        previous = max(previous, chunk["end"])
    if length > previous:
        gaps.append((previous, length))
    return gaps


def quietest(audio):
    """The middle (an index into audio) of its CUT_QUIET_SECONDS of least mean energy,
    measured in ENERGY_FRAME_SAMPLES frames; the latest of equal ones."""
    import numpy
    frames = len(audio) // ENERGY_FRAME_SAMPLES
    span = max(1, round(CUT_QUIET_SECONDS * SAMPLE_RATE / ENERGY_FRAME_SAMPLES))
    if frames < span:
        return len(audio) // 2
    energy = numpy.square(audio[: frames * ENERGY_FRAME_SAMPLES], dtype=numpy.float64)
    energy = energy.reshape(frames, ENERGY_FRAME_SAMPLES).mean(axis=1)
    sums = numpy.convolve(energy, numpy.ones(span), "valid")
    best = len(sums) - 1 - int(numpy.argmin(sums[::-1]))
    return (best * ENERGY_FRAME_SAMPLES) + span * ENERGY_FRAME_SAMPLES // 2


def release_memory():
    """Gives the memory freed since (the blocks read, a window's audio, features and VAD's
    work) back to the system. glibc's malloc keeps freed memory in its arenas, and windows
    of differing lengths fragment them: without this the peak grew by about 30 MB an hour of
    audio. Nothing where the C library has no malloc_trim."""
    trim = getattr(ctypes.CDLL(None), "malloc_trim", None)
    if trim is not None:
        trim(0)


def replay(held, rest):
    """The windows held back (each given up as it is handed out, so it is freed once done
    with), then the rest of the recording's."""
    while held:
        yield held.pop(0)
    # Not `yield from`: that would close rest too when this is left unfinished (detection
    # stops early), and the recording would end there.
    for window in rest:
        yield window


# ---- Language --------------------------------------------------------------------------

def detect_language(model, request, recording):
    """(the detector's answer, the windows held back) from the speech of the recording's
    first windows: windows are read until detection is complete, the recording ends, or
    LANGUAGE_HOLD_WINDOWS windows with speech are held. A window without speech has nothing
    to transcribe and is not held."""
    detector = LanguageDetector(model, request)
    held = []
    for window in recording:
        detector.feed(window)
        if window.chunks:
            held.append(window)
        del window
        release_memory()
        if detector.complete or (len(held) >= LANGUAGE_HOLD_WINDOWS and detector.has_speech):
            break
    return detector.answer(), held


def known_language(model, request):
    """(language, probability, candidates, plausible) when it is not to be detected: the one
    asked for, or English for an English-only model; None to detect it. A Failure when the
    model cannot transcribe the language asked for (or one of the languages to detect among)."""
    asked = request["language"]
    check_languages(model, request)
    if not model.model.is_multilingual:
        if asked not in (None, "en"):
            raise Failure("language", f"the model is English-only and cannot transcribe "
                                      f"'{asked}': use a multilingual model such as base")
        return "en", 1.0, [("en", 1.0)], True
    if asked is not None:
        if asked not in model.supported_languages:
            raise Failure("language", f"the model does not know the language '{asked}' "
                                      f"(it knows {', '.join(model.supported_languages)})")
        return asked, 1.0, [(asked, 1.0)], True
    return None


def language_message(language, probability, candidates):
    return {"type": "language", "language": language, "probability": round(probability, 4),
            "candidates": [{"language": lang, "probability": round(p, 4)}
                           for lang, p in candidates]}


# ---- Transcription ---------------------------------------------------------------------

def segment_message(segment, offset, language):
    """A segment's line, its times moved by offset seconds (its window's start), in language."""
    return {
        "type": "segment",
        "language": language,
        "start": round(offset + segment.start, 3),
        "end": round(offset + segment.end, 3),
        "text": segment.text,
        "avg_logprob": round(segment.avg_logprob, 4),
        "no_speech_prob": round(segment.no_speech_prob, 4),
        "compression_ratio": round(segment.compression_ratio, 4),
        "temperature": segment.temperature,
        "words": [{"word": w.word, "start": round(offset + w.start, 3),
                   "end": round(offset + w.end, 3), "probability": round(w.probability, 4)}
                  for w in (segment.words or [])],
    }


class Transcriber:
    """faster-whisper over one window at a time, as over a recording of its own: batched
    when asked (batching needs VAD's chunks), else sequential, conditioned on the text before
    it also across windows (the last text is carried into the next window as its prompt, as
    faster-whisper carries it between its 30 s windows). A window whose stretches are in more
    than one language is transcribed run by run, each run of stretches in its language as a
    recording of its own; the prompt starts again where the language changes. CTranslate2's
    sampling (the fallback at higher temperatures, when a window decodes badly) draws from a
    generator seeded here, so the same audio and settings give the same words."""

    def __init__(self, model, track, request):
        import ctranslate2
        ctranslate2.set_random_seed(SEED)
        self.model, self.track = model, track
        self.language = track.current  # of the text in the prompt
        self.options = dict(beam_size=request["beam_size"], word_timestamps=True, vad_filter=request["vad"])
        self.pipeline = None
        if request["batched"] and request["vad"]:
            from faster_whisper import BatchedInferencePipeline
            self.pipeline = BatchedInferencePipeline(model)
        elif request["batched"]:
            print("burn_recognizer: batched needs vad; transcribing window by window",
                  file=sys.stderr, flush=True)
        self.prompt = []  # the tokens of the text since the prompt was last reset

    def window(self, window, out, total):
        """Sends the segments of one window, each with its progress line, as they are
        decoded; the seconds of speech in it (after VAD)."""
        speech = 0.0
        for language, first, end in self.track.runs(window):
            if language != self.language:
                self.prompt, self.language = [], language
            whole = first == 0 and end == len(window.audio)
            segments, info = self.start(window.audio if whole else window.audio[first:end], language)
            self.send(segments, (window.start + first) / SAMPLE_RATE, out, total, language)
            speech += info.duration_after_vad if info.duration_after_vad is not None else info.duration
        return speech

    def finish(self, out, total):
        """Sends what is left once the last window was given (nothing here)."""

    def send(self, segments, offset, out, total, language):
        """Sends the segments as they are decoded, their times moved by offset seconds."""
        for segment in segments:
            out.send(segment_message(segment, offset, language))
            seconds = min(round(offset + segment.end, 3), total)
            out.send({"type": "progress", "seconds": seconds, "total": total})
            self.carry(segment)

    def start(self, audio, language):
        """faster-whisper's (segments, info) for audio; the segments are decoded lazily."""
        if self.pipeline is not None:
            return self.pipeline.transcribe(audio, batch_size=BATCH_SIZE, language=language, **self.options)
        return self.model.transcribe(audio, condition_on_previous_text=CONDITION_ON_PREVIOUS_TEXT, language=language,
                                     initial_prompt=list(self.prompt) or None, **self.options)

    def carry(self, segment):
        """Keeps the segment's tokens for the next window's prompt, as generate_segments keeps
        them for its next 30 s (reset after a window decoded above the reset temperature)."""
        if not CONDITION_ON_PREVIOUS_TEXT or self.pipeline is not None:
            return
        self.prompt.extend(segment.tokens)
        if segment.temperature > PROMPT_RESET_ON_TEMPERATURE:
            self.prompt = []
        del self.prompt[:-PROMPT_TOKENS]


class BatchTranscriber(Transcriber):
    """The batched pipeline over a recording of several windows, batching as it would over
    the whole recording: the pieces of speech its own VAD finds in each window are joined
    into chunks of up to 30 s across the seams, as collect_chunks joins them, and decoded
    BATCH_SIZE chunks at a time (the rest at the end). The pipeline on each window instead
    would end a chunk at every seam: 26 chunks instead of 20 for an hour with a sixth of it
    speech, a fifth more CPU. A chunk holds pieces of one language; chunks are decoded in
    order, a call for each run of chunks in one language."""

    def __init__(self, model, track, request):
        super().__init__(model, track, request)
        del self.options["vad_filter"]  # the chunks are given as clips
        self.pieces = []  # not yet decoded: (audio, its sample range on the recording's clock, language)

    def window(self, window, out, total):
        pieces = self.track.pieces(window)
        for piece, language in pieces:
            # A copy: not a view that would keep the window.
            self.pieces.append((window.audio[piece["start"]:piece["end"]].copy(),
                                {"start": window.start + piece["start"], "end": window.start + piece["end"]},
                                language))
        chunks = chunked(self.pieces)
        full = max(0, len(chunks) - 1) // BATCH_SIZE * BATCH_SIZE  # the last may grow yet
        if full:
            self.decode(chunks[:full], out, total)
            self.pieces = [piece for chunk in chunks[full:] for piece in chunk]
        return sum(piece["end"] - piece["start"] for piece, _ in pieces) / SAMPLE_RATE

    def finish(self, out, total):
        if self.pieces:
            self.decode(chunked(self.pieces), out, total)
            self.pieces = []

    def decode(self, chunks, out, total):
        """Decodes chunks (lists of pieces) in order, a call for each run of chunks in one
        language."""
        run = []
        for chunk in chunks:
            if run and run[0][0][2] != chunk[0][2]:
                self.decode_run(run, out, total)
                run = []
            run.append(chunk)
        if run:
            self.decode_run(run, out, total)

    def decode_run(self, chunks, out, total):
        """Decodes chunks of one language in one call, BATCH_SIZE at a time: the pipeline is
        given them end to end, each as a clip of its own, and their times are taken back to
        the recording's clock through the pieces they are made of."""
        import numpy
        from faster_whisper.transcribe import restore_speech_timestamps
        language = chunks[0][0][2]
        audio = numpy.concatenate([piece for chunk in chunks for piece, _, _ in chunk])
        clips, at = [], 0
        for chunk in chunks:
            length = sum(len(piece) for piece, _, _ in chunk)
            # Half a sample in, so that the pipeline's int(seconds * rate) gives the sample back.
            clips.append({"start": (at + 0.5) / SAMPLE_RATE,
                          "end": (at + length + 0.5) / SAMPLE_RATE})
            at += length
        on_clock = [where for chunk in chunks for _, where, _ in chunk]
        segments, _ = self.pipeline.transcribe(audio, batch_size=BATCH_SIZE, clip_timestamps=clips,
                                               language=language, **self.options)
        self.send(restore_speech_timestamps(segments, on_clock, SAMPLE_RATE), 0.0, out, total, language)


def chunked(pieces):
    """The pieces (audio, range, language) joined into chunks as collect_chunks joins VAD's
    pieces for the batched pipeline: in order, a chunk ending where the next piece would take
    it over BATCHED_CHUNK_SECONDS, or is in another language. A list of lists of pieces."""
    chunks, current, length = [], [], 0
    for piece in pieces:
        if current and (length + len(piece[0]) > BATCHED_CHUNK_SECONDS * SAMPLE_RATE or piece[2] != current[0][2]):
            chunks.append(current)
            current, length = [], 0
        current.append(piece)
        length += len(piece[0])
    if current:
        chunks.append(current)
    return chunks


def transcribe(model, recording, track, request, out, total, whole):
    """Transcribes the recording's windows in turn; the seconds of speech in all of them.
    whole: the recording is one window (then transcribed as it always was)."""
    batched = request["batched"] and request["vad"] and not whole
    transcriber = (BatchTranscriber if batched else Transcriber)(model, track, request)
    speech = 0.0
    try:
        for window in recording:
            speech += transcriber.window(window, out, total)
            del window  # before the next window is read
            release_memory()
        transcriber.finish(out, total)
    except Failure:
        raise  # the samples (a short stdin), read between windows
    except Exception as error:  # noqa: BLE001 - the engine failed on this audio
        raise Failure("engine", f"transcription failed: {type(error).__name__}: {error}")
    return speech


def run(out):
    stdin = sys.stdin.buffer
    request = read_request(stdin)
    if request["protocol"] == STREAM_PROTOCOL:
        import burn_streaming
        return burn_streaming.run(out, stdin, request, sys.modules[__name__])
    if not request["download"]:
        os.environ["HF_HUB_OFFLINE"] = "1"  # before huggingface_hub is imported
    reader = SampleReader(stdin, request["samples"])
    reader.start()
    try:
        import faster_whisper  # noqa: F401
    except Exception as error:  # noqa: BLE001
        raise Failure("engine", f"faster-whisper cannot be imported: {error} "
                                f"(run scripts/setup.sh)")
    logging.getLogger("faster_whisper").setLevel(logging.WARNING)
    path, model = load_model(request)
    out.send({"type": "ready", "protocol": PROTOCOL, "engine": ENGINE,
              "version": version_of("faster-whisper"), "model": path,
              "device": model.model.device, "compute_type": request["compute_type"],
              "compute_type_resolved": model.model.compute_type})
    total = round(request["samples"] / SAMPLE_RATE, 3)
    recording = (Window(start, audio, request["vad"]) for start, audio in windows(reader, request["samples"]))
    # The first window's samples are read before the language is looked at, so a short
    # stdin is reported first.
    held = [next(recording)]
    chosen = known_language(model, request)
    fixed = chosen is not None
    if chosen is None:
        chosen, held = detect_language(model, request, replay(held, recording))
        if chosen is None:
            # No speech to detect on (in the whole recording) is a transcript with nothing
            # in it.
            out.send({"type": "progress", "seconds": total, "total": total})
            out.send({"type": "done", "audio_seconds": total, "speech_seconds": 0.0,
                      "transcribed": True})
            return
    language, probability, candidates, plausible = chosen
    out.send(language_message(language, probability, candidates))
    doubtful = not plausible if request["languages"] is not None else probability < request["language_threshold"]
    if not fixed and doubtful:
        # A doubtful language stops before transcribing (the rest of stdin is not read).
        out.send({"type": "done", "audio_seconds": total, "speech_seconds": 0.0,
                  "transcribed": False})
        return
    track = LanguageTrack(model, language, request["languages"], fixed)
    whole = request["samples"] <= WINDOW_SECONDS * SAMPLE_RATE
    speech = transcribe(model, replay(held, recording), track, request, out, total, whole)
    out.send({"type": "progress", "seconds": total, "total": total})
    out.send({"type": "done", "audio_seconds": total, "speech_seconds": round(speech, 3),
              "transcribed": True})


# ---- The process -----------------------------------------------------------------------

def print_version():
    """One JSON line for `--version` and cache keys; an error line when the engine is missing."""
    engine = version_of("faster-whisper")
    if engine is None:
        print(json.dumps({"type": "error", "kind": "engine", "message":
                          "faster-whisper is not installed for this python (run scripts/setup.sh)"}))
        return 1
    import hashlib
    digest = hashlib.sha256()
    for name in (__file__, os.path.join(os.path.dirname(os.path.abspath(__file__)), "burn_languages.py")):
        with open(name, "rb") as source:
            digest.update(source.read())
    script = digest.hexdigest()
    print(json.dumps({"protocol": [PROTOCOL, STREAM_PROTOCOL], "engine": ENGINE, "version": engine,
                      "ctranslate2": version_of("ctranslate2"), "script_sha256": script},
                     separators=(",", ":")))
    return 0


def work(out, result):
    try:
        run(out)
        result.append(0)
    except Failure as failure:
        message = {"type": "error", "kind": failure.kind, "message": failure.message}
        if failure.field is not None:
            message["field"] = failure.field
        out.send(message)
        result.append(1)
    except Exception as error:  # noqa: BLE001 - never a traceback on stdout
        out.send({"type": "error", "kind": "engine",
                  "message": f"{type(error).__name__}: {error}"})
        result.append(1)


def main(argv):
    if argv[1:] == ["--version"]:
        return print_version()
    if argv[1:]:
        print("usage: burn_recognizer.py [--version] < request-line-and-samples",
              file=sys.stderr)
        return 2
    # Quiet ends on a signal: no traceback, the shell's codes. The main thread only waits,
    # so it takes a signal at once even while the engine computes in the worker thread.
    signal.signal(signal.SIGINT, lambda *_: os._exit(130))
    signal.signal(signal.SIGTERM, lambda *_: os._exit(143))
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    parent = os.getppid()
    out = Output()
    result = []
    worker = threading.Thread(target=work, args=(out, result), name="recognizer", daemon=True)
    worker.start()
    # The watchdog: when the parent goes away (burn-captions killed), so does the child.
    while worker.is_alive():
        worker.join(0.25)
        if os.getppid() != parent:
            os._exit(1)
    return result[0] if result else 1


if __name__ == "__main__":
    code = main(sys.argv)
    sys.stderr.flush()
    os._exit(code)  # no interpreter teardown of the engine's threads
