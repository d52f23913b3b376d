#!/usr/bin/env python3
"""burn-captions' speech recognizer: protocol v1 (docs/RECOGNIZER.md) over faster-whisper.

stdin: one line of JSON (the request), then exactly `samples` little-endian float32 mono
samples at 16 kHz, then EOF. stdout: JSON lines only (ready, language, segment, progress,
done or error). Everything else (the engine's logging, warnings) goes to stderr.
Exit codes: 0 done (also when detection stopped with transcribed:false), 1 error (after an
error line), 2 bad command line, 130 SIGINT, 143 SIGTERM.
"""
import json
import logging
import os
import signal
import sys
import threading

# onnxruntime (faster-whisper's Silero VAD) is asked to send no telemetry, before it is first
# imported. The 1.28.0 pinned in requirements.txt has none on Linux; later wheels write files
# for it on import whatever this says (requirements.txt).
os.environ["ORT_DISABLE_TELEMETRY"] = "1"

PROTOCOL = 1
ENGINE = "faster-whisper"
SAMPLE_RATE = 16000
MODEL_FILES = ("model.bin", "config.json", "tokenizer.json")
# Each window is conditioned on the text of the one before, as faster-whisper and
# whisper-ctranslate2 do by default: without it, the bench's pink-noise copies lost words after
# the first 30 s (en WER 0.077 against 0.051, de 0.384 against 0.329; docs/RECOGNIZER.md).
# A loop it may carry is caught by the caller (compression ratio, no voice under the words).
CONDITION_ON_PREVIOUS_TEXT = True
BATCH_SIZE = 8
# The seed of the sampling fallback: a transcript is the same on every run.
SEED = 1
CANDIDATES = 5


class Failure(Exception):
    """Ends the run with an error line of this kind (model, input, engine, language)."""

    def __init__(self, kind, message, field=None):
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.field = field


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

def is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


# name: (check, what the value must be)
FIELDS = {
    "protocol": (lambda v: is_int(v) and v == PROTOCOL, f"the integer {PROTOCOL}"),
    "model": (lambda v: isinstance(v, str) and v != "", "a model folder or name (a string)"),
    "download": (lambda v: isinstance(v, bool), "true or false"),
    "compute_type": (lambda v: isinstance(v, str) and v != "", "a compute type such as \"int8\""),
    "device": (lambda v: v in ("cpu", "auto", "cuda"), "\"cpu\", \"auto\" or \"cuda\""),
    "threads": (lambda v: is_int(v) and 0 <= v <= 1024, "an integer from 0 (all cores) up"),
    "language": (lambda v: v is None or (isinstance(v, str) and v != ""),
                 "null (detect) or a language code such as \"en\""),
    "language_threshold": (lambda v: is_number(v) and 0 <= v <= 1, "a number from 0 to 1"),
    "detect_segments": (lambda v: is_int(v) and 1 <= v <= 100, "an integer from 1 to 100"),
    "vad": (lambda v: isinstance(v, bool), "true or false"),
    "beam_size": (lambda v: is_int(v) and 1 <= v <= 100, "an integer from 1 to 100"),
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
    for name, (check, expected) in FIELDS.items():
        if name not in request:
            raise Failure("input", f"request field '{name}' is missing", name)
        if not check(request[name]):
            raise Failure("input", f"request field '{name}' is {json.dumps(request[name])}, "
                                   f"expected {expected}", name)
    return request


class SampleReader(threading.Thread):
    """Reads the samples while the model loads."""

    def __init__(self, stdin, count):
        super().__init__(name="samples", daemon=True)
        self.stdin = stdin
        self.buffer = bytearray(count * 4)
        self.received = 0
        self.error = None

    def run(self):
        view = memoryview(self.buffer)
        try:
            while self.received < len(self.buffer):
                got = self.stdin.readinto(view[self.received:])
                if not got:
                    break
                self.received += got
        except OSError as error:
            self.error = error

    def audio(self):
        import numpy
        self.join()
        wanted = len(self.buffer) // 4
        if self.error is not None:
            raise Failure("input", f"reading the samples failed: {self.error}", "samples")
        if self.received < len(self.buffer):
            raise Failure("input", f"stdin ended after {self.received // 4} of {wanted} samples "
                                   f"({self.received} of {len(self.buffer)} bytes)", "samples")
        audio = numpy.frombuffer(self.buffer, dtype="<f4").astype(numpy.float32, copy=False)
        if not numpy.isfinite(audio).all():
            audio = numpy.nan_to_num(audio, nan=0.0, posinf=1.0, neginf=-1.0)
        return audio


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


def load_model(request):
    path = resolve_model(request["model"], request["download"])
    from faster_whisper import WhisperModel
    threads = request["threads"] or os.cpu_count() or 1
    try:
        model = WhisperModel(path, device=request["device"], compute_type=request["compute_type"],
                             cpu_threads=threads, local_files_only=True)
    except Exception as error:  # noqa: BLE001 - a corrupt or unreadable model
        raise Failure("model", f"model folder {path} could not be loaded: {error}")
    return path, model


# ---- Language --------------------------------------------------------------------------

def speech_only(audio, vad):
    """The audio with VAD's silences cut out (all of it without VAD)."""
    if not vad:
        return audio
    import numpy
    from faster_whisper.vad import VadOptions, collect_chunks, get_speech_timestamps
    chunks = get_speech_timestamps(audio, VadOptions())
    if not chunks:
        return audio[:0]
    pieces, _ = collect_chunks(audio, chunks)
    return numpy.concatenate(pieces)


def detect_language(model, audio, request):
    """(language, probability, candidates) from up to detect_segments 30 s windows, or None.

    Whisper's own detection runs on each window of speech in turn (faster-whisper's features,
    encoder and language tokens). A window whose top language is above the threshold settles
    it; otherwise the windows' probabilities are averaged, each weighted by its seconds.
    None when there is no speech to detect on.
    """
    from faster_whisper.audio import pad_or_trim
    extractor = model.feature_extractor
    speech = speech_only(audio, request["vad"])[: request["detect_segments"] * extractor.n_samples]
    if len(speech) < SAMPLE_RATE // 10:
        return None
    totals, weight = {}, 0.0
    for start in range(0, len(speech), extractor.n_samples):
        window = speech[start:start + extractor.n_samples]
        seconds = len(window) / SAMPLE_RATE
        if seconds < 1.0 and weight > 0:
            break  # a scrap at the end would count as much as its length, and says little
        features = pad_or_trim(extractor(window)[..., :-1])
        results = model.model.detect_language(model.encode(features))[0]
        probabilities = {token[2:-2]: probability for token, probability in results}
        top, top_probability = max(probabilities.items(), key=lambda item: item[1])
        if top_probability > request["language_threshold"]:
            totals, weight = probabilities, 1.0
            break
        for language, probability in probabilities.items():
            totals[language] = totals.get(language, 0.0) + probability * seconds
        weight += seconds
    ranked = sorted(((lang, p / weight) for lang, p in totals.items()), key=lambda i: -i[1])
    return ranked[0][0], ranked[0][1], ranked[:CANDIDATES]


NO_SPEECH = object()  # choose_language's answer when VAD found nothing to detect on


def choose_language(model, audio, request, out):
    """The language to transcribe in after its language line, None when it is doubtful, or
    NO_SPEECH (with no language line) when there is no speech to detect it on."""
    asked = request["language"]
    if not model.model.is_multilingual:
        if asked not in (None, "en"):
            raise Failure("language", f"the model is English-only and cannot transcribe "
                                      f"'{asked}': use a multilingual model such as base")
        language, probability, candidates = "en", 1.0, [("en", 1.0)]
    elif asked is not None:
        if asked not in model.supported_languages:
            raise Failure("language", f"the model does not know the language '{asked}' "
                                      f"(it knows {', '.join(model.supported_languages)})")
        language, probability, candidates = asked, 1.0, [(asked, 1.0)]
    else:
        detected = detect_language(model, audio, request)
        if detected is None:
            return NO_SPEECH
        language, probability, candidates = detected
    out.send({"type": "language", "language": language, "probability": round(probability, 4),
              "candidates": [{"language": lang, "probability": round(p, 4)}
                             for lang, p in candidates]})
    if probability < request["language_threshold"]:
        return None
    return language


# ---- Transcription ---------------------------------------------------------------------

def segment_message(segment):
    return {
        "type": "segment",
        "start": round(segment.start, 3),
        "end": round(segment.end, 3),
        "text": segment.text,
        "avg_logprob": round(segment.avg_logprob, 4),
        "no_speech_prob": round(segment.no_speech_prob, 4),
        "compression_ratio": round(segment.compression_ratio, 4),
        "temperature": segment.temperature,
        "words": [{"word": w.word, "start": round(w.start, 3), "end": round(w.end, 3),
                   "probability": round(w.probability, 4)} for w in (segment.words or [])],
    }


def transcribe(model, audio, language, request):
    """faster-whisper's segments and info, batched when asked (batching needs VAD's chunks).
    CTranslate2's sampling (the fallback at higher temperatures, when a window decodes badly)
    draws from a generator seeded here, so the same audio and settings give the same words."""
    import ctranslate2
    ctranslate2.set_random_seed(SEED)
    options = dict(language=language, beam_size=request["beam_size"], word_timestamps=True,
                   vad_filter=request["vad"])
    if request["batched"] and request["vad"]:
        from faster_whisper import BatchedInferencePipeline
        return BatchedInferencePipeline(model).transcribe(audio, batch_size=BATCH_SIZE, **options)
    if request["batched"]:
        print("burn_recognizer: batched needs vad; transcribing window by window",
              file=sys.stderr, flush=True)
    return model.transcribe(audio, condition_on_previous_text=CONDITION_ON_PREVIOUS_TEXT,
                            **options)


def run(out):
    stdin = sys.stdin.buffer
    request = read_request(stdin)
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
    audio = reader.audio()
    total = round(len(audio) / SAMPLE_RATE, 3)
    language = choose_language(model, audio, request, out)
    if language is None or language is NO_SPEECH:
        # No speech to detect on is a transcript with nothing in it; a doubtful language
        # stops before transcribing.
        if language is NO_SPEECH:
            out.send({"type": "progress", "seconds": total, "total": total})
        out.send({"type": "done", "audio_seconds": total, "speech_seconds": 0.0,
                  "transcribed": language is NO_SPEECH})
        return
    try:
        segments, info = transcribe(model, audio, language, request)
        for segment in segments:
            out.send(segment_message(segment))
            out.send({"type": "progress", "seconds": min(round(segment.end, 3), total),
                      "total": total})
    except Failure:
        raise
    except Exception as error:  # noqa: BLE001 - the engine failed on this audio
        raise Failure("engine", f"transcription failed: {type(error).__name__}: {error}")
    out.send({"type": "progress", "seconds": total, "total": total})
    speech = info.duration_after_vad if info.duration_after_vad is not None else info.duration
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
    with open(__file__, "rb") as source:
        script = hashlib.sha256(source.read()).hexdigest()
    print(json.dumps({"protocol": PROTOCOL, "engine": ENGINE, "version": engine,
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
