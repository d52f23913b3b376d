"""The languages of a recording, stretch by stretch (docs/RECOGNIZER.md, "Languages").

A window of the recording is cut into stretches of at most STRETCH_SECONDS of speech (Silero
VAD's chunks), each ending at the longest pause between its chunks. Whisper's language
detection scores each stretch once; the first stretches give the recording's language (the
`language` line), and each stretch after that keeps the language before it unless its own
detection names another with SWITCH_PROBABILITY or more. A run of stretches in one language is
transcribed with that language. Part of burn_recognizer.py (imported by it and by
burn_streaming.py, never run alone; the request checks the two protocols share live here too).
"""

import json
import math

SAMPLE_RATE = 16000
# The VAD that finds the speech of a window: the batched pipeline's own options (faster-whisper
# 1.2.1's BatchedInferencePipeline.transcribe), so its pieces are these chunks.
BATCHED_VAD = dict(max_speech_duration_s=30, min_silence_duration_ms=160)
# The most speech in a stretch: one Whisper window, what detection looks at.
STRETCH_SECONDS = 30
# A stretch takes another language than the one before it only when its detection gives that
# language at least this probability (0.6 stopped every wrong answer on our short test speech
# but one, and let through every right one but Japanese: the table in docs/RECOGNIZER.md).
SWITCH_PROBABILITY = 0.6
# A stretch with less speech than this keeps the language before it: too short to tell.
SWITCH_LEAST_SECONDS = 1.0
# With `languages` given: when their probabilities sum to less than this, none of them is
# spoken as far as detection can tell (a stretch keeps the language before it; the recording's
# first stretches stop the run as a doubtful language).
PLAUSIBLE = 0.05
# A stretch holds no speech (music, applause, noise that VAD took for speech) when Whisper's
# no-speech probability for it is above this and no language reaches the threshold: as
# faster-whisper's own rule for a window (no_speech_threshold 0.6 with a low log probability).
# It does not count in detection and keeps the language before it. (A 3 s synthesized music
# sting: 0.75; 4 s of applause: 0.75; 3 s of espeak-ng French: 0.09, English: 0.32.)
NO_SPEECH = 0.6
CANDIDATES = 5


class Failure(Exception):
    """Ends the run with an error line of this kind (model, input, engine, language)."""

    def __init__(self, kind, message, field=None):
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.field = field


def is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


# The request fields protocol 1 (a recording) and protocol 2 (a stream) share: name: (check,
# what the value must be). Each protocol's table takes them in its own order.
ENGINE_FIELDS = {
    "model": (lambda v: isinstance(v, str) and v != "", "a model folder or name (a string)"),
    "download": (lambda v: isinstance(v, bool), "true or false"),
    "compute_type": (lambda v: isinstance(v, str) and v != "", "a compute type such as \"int8\""),
    "device": (lambda v: v in ("cpu", "auto", "cuda"), "\"cpu\", \"auto\" or \"cuda\""),
    "threads": (lambda v: is_int(v) and 0 <= v <= 1024, "an integer from 0 (all cores) up"),
    "language": (lambda v: v is None or (isinstance(v, str) and v != ""),
                 "null (detect) or a language code such as \"en\""),
    "vad": (lambda v: isinstance(v, bool), "true or false"),
    "beam_size": (lambda v: is_int(v) and 1 <= v <= 100, "an integer from 1 to 100"),
}


def engine_fields(*names):
    """The shared checks of `names`, in that order, for a protocol's table."""
    return {name: ENGINE_FIELDS[name] for name in names}


def check_fields(request, fields):
    """A Failure of kind input naming the first field of `fields` that is missing or wrong
    (an unknown field is ignored)."""
    for name, (check, expected) in fields.items():
        if name not in request:
            raise Failure("input", f"request field '{name}' is missing", name)
        if not check(request[name]):
            raise Failure("input", f"request field '{name}' is {json.dumps(request[name])}, expected {expected}", name)


class Stretch:
    """Part of a window: [start, end) in its samples, pauses included (the stretches of a
    window cover it end to end), the VAD chunks of speech in it, and its language
    probabilities once scored."""

    def __init__(self, start, end, chunks):
        self.start, self.end, self.chunks = start, end, chunks
        self.probabilities = self.no_speech = None

    @property
    def seconds(self):
        """Seconds of speech in it."""
        return sum(chunk["end"] - chunk["start"] for chunk in self.chunks) / SAMPLE_RATE


class Window:
    """One window of the recording (start: its first sample on the recording's clock), with
    its speech chunks and stretches found when first asked for."""

    def __init__(self, start, audio, vad):
        self.start, self.audio, self.vad = start, audio, vad
        self._chunks = self._stretches = None

    @property
    def chunks(self):
        """VAD's chunks of speech ({start, end} in samples), or the whole window without VAD."""
        if self._chunks is None:
            if not self.vad:
                self._chunks = [{"start": 0, "end": len(self.audio)}] if len(self.audio) else []
            else:
                from faster_whisper.vad import VadOptions, get_speech_timestamps
                self._chunks = get_speech_timestamps(self.audio, VadOptions(**BATCHED_VAD))
        return self._chunks

    @property
    def stretches(self):
        if self._stretches is None:
            self._stretches = stretches_of(len(self.audio), self.chunks)
        return self._stretches

    def speech(self, stretch):
        """The stretch's speech, its chunks end to end (at most STRETCH_SECONDS looked at)."""
        import numpy
        pieces = [self.audio[chunk["start"]:chunk["end"]] for chunk in stretch.chunks]
        return numpy.concatenate(pieces)[: STRETCH_SECONDS * SAMPLE_RATE] if pieces else self.audio[:0]

    def score(self, model, stretch):
        """The stretch's language probabilities ({code: p}), scored once."""
        if stretch.probabilities is None:
            stretch.probabilities, stretch.no_speech = detect(model, self.speech(stretch))
        return stretch.probabilities

    def holds_speech(self, model, stretch, threshold):
        """False when Whisper heard no speech in the stretch (NO_SPEECH) and no language
        reaches threshold."""
        probabilities = self.score(model, stretch)
        return stretch.no_speech <= NO_SPEECH or max(probabilities.values()) >= threshold


def stretches_of(length, chunks):
    """The stretches of a window of length samples with these chunks: chunks taken in order
    while their speech stays within STRETCH_SECONDS; when the next would take it over, the
    stretch ends at the longest pause after one of its chunks (the latest of equal ones) and
    the chunks after that pause start the next. Stretches meet in the middle of the pause
    between them; the first starts at 0, the last ends at length. None without speech.
    Without VAD a chunk may be longer than a stretch: it is cut at STRETCH_SECONDS."""
    limit = STRETCH_SECONDS * SAMPLE_RATE
    pending = []
    for chunk in chunks:
        start = chunk["start"]
        while chunk["end"] - start > limit + SAMPLE_RATE:  # VAD's own padding may pass 30 s a little
            pending.append({"start": start, "end": start + limit})
            start += limit
        pending.append({"start": start, "end": chunk["end"]})
    groups = []
    while pending:
        take, speech = 1, pending[0]["end"] - pending[0]["start"]
        while take < len(pending) and speech + pending[take]["end"] - pending[take]["start"] <= limit:
            speech += pending[take]["end"] - pending[take]["start"]
            take += 1
        if take < len(pending):
            take = 1 + max(range(take), key=lambda k: (pending[k + 1]["start"] - pending[k]["end"], k))
        groups.append(pending[:take])
        pending = pending[take:]
    edges = [0] + [(group[-1]["end"] + after[0]["start"]) // 2 for group, after in zip(groups, groups[1:])] + [length]
    return [Stretch(edges[index], edges[index + 1], group) for index, group in enumerate(groups)]


def detect(model, speech):
    """Whisper's language probabilities ({code: p}) for up to 30 s of speech (faster-whisper's
    features, encoder and language tokens, as its detect_language does), and its no-speech
    probability there (from the same encoder output: one decoder step after the start token,
    as a transcription's first step gives it)."""
    from faster_whisper.audio import pad_or_trim
    features = pad_or_trim(model.feature_extractor(speech)[..., :-1])
    encoded = model.encode(features)
    results = model.model.detect_language(encoded)[0]
    start = model.hf_tokenizer.token_to_id("<|startoftranscript|>")
    no_speech = model.model.generate(encoded, [[start]], max_length=2, return_no_speech_prob=True)[0].no_speech_prob
    return {token[2:-2]: probability for token, probability in results}, no_speech


def best(probabilities, allowed):
    """(language, probability) of the likeliest language, among allowed when given."""
    if allowed is not None:
        return max(((language, probabilities.get(language, 0.0)) for language in allowed), key=lambda item: item[1])
    return max(probabilities.items(), key=lambda item: item[1])


def check_languages(model, request):
    """A Failure when `languages` names one the model cannot transcribe."""
    allowed = request["languages"]
    if allowed is None:
        return
    known = model.supported_languages if model.model.is_multilingual else ["en"]
    unknown = [language for language in allowed if language not in known]
    if unknown:
        raise Failure("language", f"the model does not know the language(s) {', '.join(unknown)} "
                                  f"(it knows {', '.join(known)})")


class LanguageDetector:
    """The recording's language, from its first detect_segments stretches with speech (each
    scored once, the score kept for the stretch). A stretch whose likeliest language (among
    `languages` when given) is above the threshold settles it; otherwise the stretches'
    probabilities are averaged, each weighted by its seconds (a scrap under 1 s after the first
    stretch is not counted). A stretch that holds no speech (NO_SPEECH) is passed over: music
    before the first words does not decide the language, and a recording of such stretches
    alone has no speech to detect on."""

    def __init__(self, model, request):
        self.model = model
        self.threshold = request["language_threshold"]
        self.allowed = request["languages"]
        self.limit = request["detect_segments"]
        self.scored, self.heard = 0, 0.0
        self.totals, self.weight, self.settled = {}, 0.0, False

    @property
    def complete(self):
        """More speech would not change the answer."""
        return self.settled or self.scored >= self.limit

    @property
    def has_speech(self):
        """Enough speech was heard to answer (a tenth of a second)."""
        return self.heard >= 0.1

    def feed(self, window):
        """Scores the window's stretches until the answer is complete."""
        for stretch in window.stretches:
            if self.complete:
                return
            seconds = stretch.seconds
            if seconds == 0 or (seconds < 1 and self.weight > 0):
                continue
            probabilities = window.score(self.model, stretch)
            if not window.holds_speech(self.model, stretch, self.threshold):
                continue
            self.heard += seconds
            self.scored += 1
            if best(probabilities, self.allowed)[1] > self.threshold:
                self.totals, self.weight, self.settled = dict(probabilities), 1.0, True
                return
            for language, probability in probabilities.items():
                self.totals[language] = self.totals.get(language, 0.0) + probability * seconds
            self.weight += seconds

    def answer(self):
        """(language, probability, candidates, plausible), or None when there was no speech
        to detect on. With `languages`: the likeliest of them, plausible when they sum to
        PLAUSIBLE or more; else the likeliest of all (always plausible)."""
        if not self.has_speech or self.weight == 0:
            return None
        average = {language: p / self.weight for language, p in self.totals.items()}
        ranked = sorted(average.items(), key=lambda item: -item[1])
        language, probability = best(average, self.allowed)
        plausible = self.allowed is None or sum(average.get(code, 0.0) for code in self.allowed) >= PLAUSIBLE
        return language, probability, ranked[:CANDIDATES], plausible


class LanguageTrack:
    """The language of each stretch in turn, from the recording's language on: a stretch
    keeps the one before it unless its own detection names another with SWITCH_PROBABILITY or
    more (with `languages`, their probabilities scaled to sum to 1, and only when they are
    plausible there). fixed: one language throughout, nothing detected."""

    def __init__(self, model, language, allowed, fixed):
        self.model, self.current, self.allowed, self.fixed = model, language, allowed, fixed

    def language(self, window, stretch):
        if self.fixed or stretch.seconds < SWITCH_LEAST_SECONDS:
            return self.current
        probabilities = window.score(self.model, stretch)
        if not window.holds_speech(self.model, stretch, SWITCH_PROBABILITY):
            return self.current
        if self.allowed is not None:
            total = sum(probabilities.get(code, 0.0) for code in self.allowed)
            if total < PLAUSIBLE:
                return self.current
            probabilities = {code: probabilities.get(code, 0.0) / total for code in self.allowed}
        top, probability = max(probabilities.items(), key=lambda item: item[1])
        if top != self.current and probability >= SWITCH_PROBABILITY:
            self.current = top
        return self.current

    def runs(self, window):
        """[language, first sample, end sample] of each run of stretches in one language,
        covering the window end to end (the whole window in one language when fixed or
        without speech)."""
        if self.fixed or not window.stretches:
            return [[self.current, 0, len(window.audio)]]
        runs = []
        for stretch in window.stretches:
            language = self.language(window, stretch)
            if runs and runs[-1][0] == language:
                runs[-1][2] = stretch.end
            else:
                runs.append([language, stretch.start, stretch.end])
        return runs

    def pieces(self, window):
        """(chunk, language) of each of the window's chunks of speech in order, a chunk in the
        language of its stretch."""
        if self.fixed:
            return [(chunk, self.current) for chunk in window.chunks]
        return [(chunk, self.language(window, stretch)) for stretch in window.stretches for chunk in stretch.chunks]
