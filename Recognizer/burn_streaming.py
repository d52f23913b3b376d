#!/usr/bin/env python3
"""burn-captions' streaming recognizer: protocol v2 (docs/RECOGNIZER.md, "Protocol v2").

burn_recognizer.py hands a request with "protocol": 2 over to run() here. stdin then holds
messages: an `audio` line followed by its float32 samples, `flush`, and EOF. stdout gets
`ready`, `language`, `partial`, `final`, `skipped` and `done` lines (or `error`), in the v1
envelope (the same Output, error line and exit codes).

The words come from LocalAgreement-2 over a growing buffer of audio, gated by Silero VAD:
a word is committed once two decodes in a row agree on it (and everything before it), and a
committed word never changes. Our own code; the idea is that of ufal/whisper_streaming
(Machacek, Dabre and Bojar, 2023).

`python3 burn_streaming.py --self-test` checks the algorithm with a scripted recognizer and
VAD (no model, no network, well under 5 s).
"""
import json
import os
import queue
import sys
import threading
import time

PROTOCOL = 2
MODES = ["file", "stream"]
SAMPLE_RATE = 16000
# An audio message holds at most this many samples (60 s); its line and the request's at
# most 1 MiB, as v1's request.
MESSAGE_SAMPLES = 60 * SAMPLE_RATE
LINE_BYTES = 1 << 20
# A message whose start is further than this from the end of the audio before it (seconds)
# starts after a gap: the open utterance ends and a new buffer starts there.
GAP_SECONDS = 0.1
# Silero VAD runs on the audio new since its last run with this much before it, so it does
# not judge the first frames of a chunk without context (seconds).
VAD_CONTEXT_SECONDS = 0.5
# Its options: speech and pauses unpadded (they time the end of speech), pauses from 100 ms,
# and a sound under 150 ms is not speech (a click).
STREAM_VAD = dict(threshold=0.5, min_speech_duration_ms=150, min_silence_duration_ms=100, speech_pad_ms=0)
# Speech found this close after the end of the speech known before a window is the same
# stretch (Silero starts each window afresh): 0.1 s.
VAD_JOIN_SAMPLES = SAMPLE_RATE // 10
# While no speech is in the buffer, only this much silence is kept before its end: the lead-in
# of the next utterance (seconds).
LEAD_SECONDS = 1.0
# An utterance that ends at a pause keeps at most this much of it (seconds); the next one
# starts there. Silence at the end of what Whisper decodes is where it invents words.
FINAL_TAIL_SECONDS = 0.2
# Words Whisper invents, taken out of every decode before LocalAgreement sees it: it fills
# silence at the end of its audio with text such as " Thank you." or " I'm going to go ahead"
# (on base: " Thank" at probability 0.02 stretched over 0.44 s of silence, then " you." of no
# length at the very end; " I'm going to go" squeezed into 0.04 s), and it may loop on a
# phrase, its words piled at one instant. Dropped: any word with no VAD speech under it, any
# run of two or more words each shorter than COLLAPSED_SECONDS, and at the end of the decode
# each last word that is that short, or unlikely (below DOUBTFUL_PROBABILITY) with less than
# half of it speech. (In 701 words of the finals of our first runs, the only ones under
# 0.05 s were such invented ones.)
COLLAPSED_SECONDS = 0.05
DOUBTFUL_PROBABILITY = 0.15
# A decode whose text compresses more than this (gzip, as faster-whisper's
# compression_ratio_threshold) is a loop and is not used; nor does Whisper get to write more
# than MAX_TOKENS_PER_SECOND tokens a second of audio (plus MAX_TOKENS_EXTRA), so a loop ends
# soon (a base decode that looped took 4.6 s instead of 1.3 s).
COMPRESSION_LIMIT = 2.4
MAX_TOKENS_PER_SECOND = 8
MAX_TOKENS_EXTRA = 16
# ... and never more than this: with the longest prompt faster-whisper keeps (223 tokens and
# 5 special ones) it must stay within the model's 448 (or it refuses to decode).
MAX_TOKENS = 200
# LocalAgreement: a new word is kept when it starts after the last committed word's end less
# this (seconds); when the first kept one starts within NGRAM_SECONDS of that end, the longest
# run of up to NGRAM_WORDS words that ends the committed text and starts the new is dropped
# (the same words heard again across a cut of the buffer).
OVERLAP_SECONDS = 0.1
NGRAM_SECONDS = 1.0
NGRAM_WORDS = 5
# When `language` is null: the language of the decode once this much speech was heard is
# announced and kept (seconds).
LANGUAGE_SPEECH_SECONDS = 2.0
# The committed words remembered across utterances (the prompt, the overlap check).
HISTORY_WORDS = 300
SENTENCE_ENDS = (".", "?", "!", "。", "？", "！")


# The error line's kind and the checks shared with protocol 1 (burn_languages.py imports
# nothing of the engine, so the self-test can use it too).
from burn_languages import Failure, check_fields, engine_fields, is_int, is_number  # noqa: E402


# ---- The request -----------------------------------------------------------------------

# name: (check, what the value must be), in the order they are checked.
FIELDS = {
    "protocol": (lambda v: is_int(v) and v == PROTOCOL, f"the integer {PROTOCOL}"),
    "mode": (lambda v: v == "stream", "\"stream\""),
    **engine_fields("model", "download", "compute_type", "device", "threads", "language", "vad", "beam_size"),
    "sample_rate": (lambda v: is_int(v) and v == SAMPLE_RATE, f"the integer {SAMPLE_RATE}"),
    "min_chunk_seconds": (lambda v: is_number(v) and 0.1 <= v <= 10, "a number of seconds from 0.1 to 10"),
    "max_buffer_seconds": (lambda v: is_number(v) and 2 <= v <= 30, "a number of seconds from 2 to 30"),
    "max_lag_seconds": (lambda v: is_number(v) and 1.5 <= v <= 600, "a number of seconds from 1.5 to 600"),
    "end_of_speech_seconds": (lambda v: is_number(v) and 0.1 <= v <= 10, "a number of seconds from 0.1 to 10"),
    "prompt_characters": (lambda v: is_int(v) and 0 <= v <= 2000, "an integer from 0 (no prompt) to 2000"),
}


def check_request(request):
    """A Failure of kind input naming the first field that is missing or wrong (an unknown
    field is ignored, as in v1)."""
    check_fields(request, FIELDS)
    if request["max_lag_seconds"] < request["min_chunk_seconds"] + 1:
        raise Failure("input", f"request field 'max_lag_seconds' is {request['max_lag_seconds']}, expected at "
                               f"least min_chunk_seconds + 1 ({request['min_chunk_seconds'] + 1}): audio "
                               f"waits min_chunk_seconds for its decode", "max_lag_seconds")
    if request["max_buffer_seconds"] < request["min_chunk_seconds"] * 2:
        raise Failure("input", f"request field 'max_buffer_seconds' is {request['max_buffer_seconds']}, expected "
                               f"at least twice min_chunk_seconds ({request['min_chunk_seconds'] * 2})",
                      "max_buffer_seconds")


# ---- The messages ----------------------------------------------------------------------

def reject_constant(name):
    raise ValueError(f"{name} is not a number JSON allows")


class MessageReader(threading.Thread):
    """Reads the messages from stdin as they come and queues them at once, so the writer
    never waits on the pipe whatever the decoder does: ("audio", start, samples),
    ("flush",), then ("end",) at EOF or ("error", Failure)."""

    def __init__(self, stdin, events):
        super().__init__(name="messages", daemon=True)
        self.stdin, self.events = stdin, events

    def run(self):
        try:
            self.read()
            self.events.put(("end",))
        except Failure as failure:
            self.events.put(("error", failure))
        except OSError as error:
            self.events.put(("error", Failure("input", f"reading stdin failed: {error}")))

    def read(self):
        import numpy
        number = 0
        while True:
            line = self.stdin.readline(LINE_BYTES)
            if not line:
                return
            number += 1
            where = f"message {number}"
            if not line.endswith(b"\n"):
                raise Failure("input", f"{where} does not end with a newline (or is over 1 MiB)")
            if not line.strip():
                continue
            try:
                message = json.loads(line, parse_constant=reject_constant)
            except (ValueError, UnicodeDecodeError) as error:
                raise Failure("input", f"{where} is not JSON: {error}")
            if not isinstance(message, dict):
                raise Failure("input", f"{where} must be a JSON object")
            kind = message.get("type")
            if kind == "flush":
                self.events.put(("flush",))
            elif kind == "audio":
                start, count = message.get("start"), message.get("samples")
                if not is_number(start) or start < 0:
                    raise Failure("input", f"{where} (audio): start is {json.dumps(start)}, expected the stream "
                                           f"time of its first sample (seconds, 0 or more)", "start")
                if not is_int(count) or not 0 <= count <= MESSAGE_SAMPLES:
                    raise Failure("input", f"{where} (audio): samples is {json.dumps(count)}, expected a count "
                                           f"from 0 to {MESSAGE_SAMPLES}", "samples")
                data = self.stdin.read(count * 4)
                if len(data) < count * 4:
                    raise Failure("input", f"stdin ended inside {where} (audio): {len(data)} of {count * 4} "
                                           f"bytes of samples", "samples")
                audio = numpy.frombuffer(data, dtype="<f4").astype(numpy.float32, copy=False)
                if not numpy.isfinite(audio).all():
                    audio = numpy.nan_to_num(audio, nan=0.0, posinf=1.0, neginf=-1.0)
                self.events.put(("audio", float(start), audio))
            else:
                raise Failure("input", f"{where}: type is {json.dumps(kind)}, expected \"audio\" or \"flush\"",
                              "type")


# ---- LocalAgreement-2 ------------------------------------------------------------------

def key(word):
    """What two words are compared on: their letters and digits, lowercased."""
    return "".join(character for character in word["word"].lower() if character.isalnum())


def keys(words):
    return [key(word) for word in words]


class LocalAgreement:
    """The committed words and the tentative tail of one utterance at a time, and the words
    committed before it (for the prompt and the overlap check).

    agree(hypothesis): the words of the new decode that start after the last committed one
    (less those heard again across a cut) are compared with the tentative words of the decode
    before; their longest common prefix is committed (with the new decode's text and times),
    the rest is the new tentative tail. finish(): commits everything and starts a new
    utterance. Word dicts, once committed, are never changed."""

    def __init__(self):
        self.committed = []  # of the open utterance
        self.tentative = []
        self.history = []  # the last HISTORY_WORDS committed, of all utterances

    @property
    def last_end(self):
        return self.history[-1]["end"] if self.history else None

    def fresh(self, hypothesis):
        """The words of hypothesis (in time order, absolute times) that are not committed
        yet: those starting after the last committed end (less OVERLAP_SECONDS), without the
        committed text's tail heard again; each starts no earlier than the one before ends."""
        last = self.last_end
        new = [word for word in hypothesis if last is None or word["start"] > last - OVERLAP_SECONDS]
        if new and last is not None and abs(new[0]["start"] - last) < NGRAM_SECONDS:
            tail, head = keys(self.history[-NGRAM_WORDS:]), keys(new[:NGRAM_WORDS])
            for n in range(min(len(tail), len(head)), 0, -1):
                if tail[-n:] == head[:n]:
                    del new[:n]
                    break
        floor = last if last is not None else 0.0
        for word in new:
            if word["start"] < floor:
                word["start"] = floor
            if word["end"] < word["start"]:
                word["end"] = word["start"]
            floor = word["end"]
        return new

    def agree(self, hypothesis):
        """Commits the agreed prefix; the count committed."""
        new = self.fresh(hypothesis)
        count = 0
        for old, word in zip(keys(self.tentative), keys(new)):
            if old != word:
                break
            count += 1
        self.commit(new[:count])
        self.tentative = new[count:]
        return count

    def commit(self, words):
        self.committed.extend(words)
        self.history.extend(words)
        del self.history[:-HISTORY_WORDS]

    @property
    def words(self):
        return self.committed + self.tentative

    def finish(self, hypothesis=None, before=None, keep_tentative=True):
        """Ends the utterance: commits the words of hypothesis (a last decode) not committed
        yet, or without one the tentative words (none with keep_tentative False), those
        starting before `before` only. The utterance's words; a new one is open."""
        rest = self.fresh(hypothesis) if hypothesis is not None else (self.tentative if keep_tentative else [])
        if before is not None:
            rest = [word for word in rest if word["start"] < before]
        self.commit(rest)
        words = self.committed
        self.committed, self.tentative = [], []
        return words

    def prompt(self, before, characters):
        """The last `characters` of the committed text whose words end by `before` (seconds),
        from a word's start; None when there is none."""
        if characters <= 0:
            return None
        text = ""
        for word in reversed(self.history):
            if word["end"] > before + 1e-6:
                continue
            if len(text) + len(word["word"]) > characters:
                break
            text = word["word"] + text
        return text.strip() or None

    def sentence_cut(self, start):
        """Where the buffer starting at `start` may be cut (seconds): after the last committed
        word inside it that ends a sentence and is followed by another committed word (midway
        to that word's start); None."""
        words = self.committed
        for index in range(len(words) - 2, -1, -1):
            if words[index]["end"] <= start:
                return None
            if words[index]["word"].strip().endswith(SENTENCE_ENDS):
                return (words[index]["end"] + max(words[index]["end"], words[index + 1]["start"])) / 2
        return None


# ---- The stream ------------------------------------------------------------------------

class Streamer:
    """The buffer B, the VAD's view of it and LocalAgreement over it; one per run.

    receive() appends a chunk (a gap ends the open utterance first), flush() and finish()
    end it; step() runs VAD on the new audio and then does at most one of: end an utterance
    at a pause, skip audio when behind, decode. The model is `transcribe(audio, offset,
    prompt, language)` -> (words [(text, start, end, probability)] in seconds from the
    audio's start, or None for a decode not to be used (a loop); (language, probability,
    [(code, probability)]) or None), and the VAD
    `vad(audio)` -> [(start, end)] sample ranges of speech; `send` takes each message."""

    def __init__(self, settings, transcribe, vad, send, clock=time.perf_counter, language=None):
        import numpy
        self.numpy = numpy
        self.transcribe, self.vad, self.send, self.clock = transcribe, vad, send, clock
        self.use_vad = settings["vad"]
        self.min_chunk = settings["min_chunk_seconds"]
        self.max_buffer = settings["max_buffer_seconds"]
        self.max_lag = settings["max_lag_seconds"]
        self.end_of_speech = settings["end_of_speech_seconds"]
        self.prompt_characters = settings["prompt_characters"]
        self.language = language  # fixed, or None until detected
        self.detected, self.language_sent = None, language is not None
        self.agreement = LocalAgreement()
        self.audio = numpy.zeros(0, dtype=numpy.float32)  # B
        self.start = self.end = None  # B's first sample and the end of the audio received, in samples
        self.vad_to = None  # VAD has looked at the audio up to here
        self.spans = []  # [start, end] of speech (samples), in order, none ending before B
        self.decoded_to = None  # the end of the last decode of the open utterance
        self.last_decode = 0.0  # its wall time
        self.utterance, self.shown = 0, False
        self.received = 0  # samples
        self.speech_before = 0  # samples of speech in the spans let go
        self.decodes = 0
        self.skipped = 0.0

    # -- input

    def receive(self, start, samples):
        at = round(start * SAMPLE_RATE)
        if self.end is None:
            self.reset(at)
        elif abs(at - self.end) > GAP_SECONDS * SAMPLE_RATE:
            if at < self.end:
                raise Failure("input", f"an audio message starts at {start:.3f} s, before the end of the audio "
                                       f"before it ({self.end / SAMPLE_RATE:.3f} s)", "start")
            self.run_vad()
            self.close_pauses()
            self.end_utterance(self.end)
            self.reset(at)
        self.audio = self.numpy.concatenate((self.audio, samples))
        self.end += len(samples)
        self.received += len(samples)

    def reset(self, at):
        self.speech_before = self.speech_samples if self.end is not None else 0
        self.audio = self.audio[:0]
        self.start = self.end = self.vad_to = at
        self.spans, self.decoded_to = [], None

    def flush(self):
        if self.end is None:
            return
        self.run_vad()
        self.close_pauses()
        self.end_utterance(self.end)

    def finish(self):
        self.flush()
        if not self.language_sent and self.detected is not None:
            self.announce(self.detected)
        self.send({"type": "done", "audio_seconds": round(self.received / SAMPLE_RATE, 3),
                   "speech_seconds": round(self.speech_samples / SAMPLE_RATE, 3), "decodes": self.decodes,
                   "skipped_seconds": round(self.skipped, 3)})

    # -- the decisions

    def step(self):
        if self.end is None:
            return
        self.run_vad()
        self.close_pauses()
        speech = self.speech_in_buffer()
        if not speech:
            self.cut_to(self.end - LEAD_SECONDS * SAMPLE_RATE)  # silence: keep only a lead-in
            return
        decoded_to = self.decoded_to if self.decoded_to is not None else max(self.start, speech[0][0])
        if self.end - decoded_to > self.max_lag * SAMPLE_RATE:
            self.skip()
            if self.speech_in_buffer():
                self.decode_step()  # at once: waiting would put it behind again
            return
        tail = speech[-1][1] + round(FINAL_TAIL_SECONDS * SAMPLE_RATE)
        if self.end - speech[-1][1] >= max(FINAL_TAIL_SECONDS, self.end_of_speech / 2) * SAMPLE_RATE:
            # Half the pause that ends an utterance has passed: B is decoded once up to where
            # the utterance would end (the decode end_utterance would make), at once, and not
            # again over the silence; if the pause ends it, its final needs no decode.
            if decoded_to < tail:
                self.decode_step(tail)
            return
        wait = max(self.min_chunk, self.last_decode)
        if self.end - decoded_to >= wait * SAMPLE_RATE:
            self.decode_step()

    def speech_in_buffer(self):
        return [span for span in self.spans if span[1] > self.start]

    def close_pauses(self):
        """Ends an utterance at each pause of end_of_speech_seconds or more in B (between two
        stretches of speech, or after the last)."""
        while True:
            speech = self.speech_in_buffer()
            if not speech:
                return
            pause = None
            for before, after in zip(speech, speech[1:]):
                if after[0] - before[1] >= self.end_of_speech * SAMPLE_RATE:
                    pause = (before[1], after[0])
                    break
            if pause is None and self.end - speech[-1][1] >= self.end_of_speech * SAMPLE_RATE:
                pause = (speech[-1][1], self.end)
            if pause is None:
                return
            self.end_utterance(pause[0] + min(round(FINAL_TAIL_SECONDS * SAMPLE_RATE), (pause[1] - pause[0]) // 2))

    def end_utterance(self, cut):
        """Ends the open utterance at sample `cut`: B is decoded once more up to there unless
        the last decode already covered its speech, everything before the cut is committed
        and sent as a `final`, and B starts at the cut (or after the last word)."""
        speech = [span for span in self.speech_in_buffer() if span[0] < cut]
        hypothesis = None
        if speech:
            needed = min(cut, min(speech[-1][1], cut) + round(FINAL_TAIL_SECONDS * SAMPLE_RATE))
            if self.decoded_to is None or self.decoded_to < needed:
                hypothesis = self.decode(cut)
        words = self.agreement.finish(hypothesis, before=cut / SAMPLE_RATE)
        self.send_final(words, cut)
        self.cut_to(max(cut, round(words[-1]["end"] * SAMPLE_RATE) if words else cut))

    def skip(self):
        """Behind: the committed words end the utterance, the tentative ones are dropped, and
        B restarts a second before the newest audio."""
        committed = self.agreement.committed
        skip_from = max(self.start / SAMPLE_RATE, committed[-1]["end"] if committed else 0.0)
        skip_to = (self.end - SAMPLE_RATE) / SAMPLE_RATE
        words = self.agreement.finish(keep_tentative=False)
        self.send_final(words, self.end)
        self.send({"type": "skipped", "from": round(skip_from, 3), "to": round(skip_to, 3), "reason": "behind"})
        self.skipped += skip_to - skip_from
        self.cut_to(self.end - SAMPLE_RATE)

    def send_final(self, words, cut):
        """The final of the open utterance, when it has words or showed some; a new one opens."""
        if words or self.shown:
            first = words[0]["start"] if words else cut / SAMPLE_RATE
            last = words[-1]["end"] if words else cut / SAMPLE_RATE
            self.send({"type": "final", "utterance": self.utterance, "words": words,
                       "start": round(first, 3), "end": round(last, 3)})
            self.utterance += 1
        self.shown, self.decoded_to = False, None

    def decode_step(self, until=None):
        until = self.end if until is None else until
        hypothesis = self.decode(until)
        if hypothesis is not None:
            self.agreement.agree(hypothesis)
        words = self.agreement.words
        if words or self.shown:
            self.send({"type": "partial", "utterance": self.utterance, "words": words,
                       "committed": len(self.agreement.committed), "audio_end": round(until / SAMPLE_RATE, 3),
                       "decode_seconds": round(self.last_decode, 3)})
            self.shown = True
        self.trim()

    def trim(self):
        """Cuts B after a finished sentence, and at the last committed word when it is over
        max_buffer_seconds; when it still is (nothing committed in it), the utterance ends."""
        cut = self.agreement.sentence_cut(self.start / SAMPLE_RATE)
        if cut is not None:
            self.cut_to(round(cut * SAMPLE_RATE))
        limit = self.max_buffer * SAMPLE_RATE
        committed = self.agreement.committed
        if self.end - self.start > limit and committed:
            self.cut_to(round(committed[-1]["end"] * SAMPLE_RATE))
        if self.end - self.start > limit:
            decoded_to = self.decoded_to
            words = self.agreement.finish(before=decoded_to / SAMPLE_RATE)
            self.send_final(words, decoded_to)
            last = round(words[-1]["end"] * SAMPLE_RATE) if words else decoded_to
            self.cut_to(max(last, decoded_to - round(limit / 2)))

    # -- the engine

    def decode(self, until):
        """The hypothesis of B up to sample `until`: word dicts on the stream's clock, inside
        the audio decoded."""
        offset, stop = self.start / SAMPLE_RATE, until / SAMPLE_RATE
        prompt = self.agreement.prompt(offset, self.prompt_characters)
        began = self.clock()
        raw, detected = self.transcribe(self.audio[: until - self.start], offset, prompt, self.language)
        self.last_decode = self.clock() - began
        self.decodes += 1
        self.decoded_to = until
        if raw is None:
            return None  # a loop: the words before it stand
        if detected is not None and not self.language_sent:
            self.detected = detected
            if self.speech_samples >= LANGUAGE_SPEECH_SECONDS * SAMPLE_RATE:
                self.announce(detected)
        words = []
        for text, start, end, probability in raw:
            start = min(max(offset + start, offset), stop)
            end = min(max(offset + end, start), stop)
            words.append({"word": text, "start": round(start, 3), "end": round(end, 3),
                          "probability": round(probability, 4)})
        words.sort(key=lambda word: word["start"])  # stable: Whisper's are in order already
        return self.heard(words)

    def heard(self, words):
        """words without those Whisper invented (COLLAPSED_SECONDS)."""
        short = [word["end"] - word["start"] < COLLAPSED_SECONDS for word in words]
        kept = [word for index, word in enumerate(words)
                if self.voiced(word) > 0
                and not (short[index] and ((index > 0 and short[index - 1]) or (index + 1 < len(words) and short[index + 1])))]
        while kept and (kept[-1]["end"] - kept[-1]["start"] < COLLAPSED_SECONDS
                        or (kept[-1]["probability"] < DOUBTFUL_PROBABILITY
                            and self.voiced(kept[-1]) < (kept[-1]["end"] - kept[-1]["start"]) / 2)):
            kept.pop()
        return kept

    def voiced(self, word):
        """Seconds of VAD speech under the word; for a word of no length, a tiny amount when
        it lies in speech."""
        start, end = word["start"] * SAMPLE_RATE, word["end"] * SAMPLE_RATE
        if end - start < 1:
            return 1e-6 if any(span[0] <= start <= span[1] for span in self.spans) else 0.0
        return sum(max(0, min(end, span[1]) - max(start, span[0])) for span in self.spans) / SAMPLE_RATE

    def announce(self, detected):
        language, probability, candidates = detected
        self.language, self.language_sent = language, True
        self.send({"type": "language", "language": language, "probability": round(probability, 4),
                   "candidates": [{"language": code, "probability": round(p, 4)} for code, p in candidates[:5]]})

    def run_vad(self):
        """Runs VAD on the audio new since the last run, with VAD_CONTEXT_SECONDS before it,
        and takes what it says about that whole window over what was known: a stretch of
        speech that reached the end of the last window ended there only provisionally."""
        if self.vad_to >= self.end:
            return
        if not self.use_vad:
            if self.spans and self.spans[-1][1] >= self.vad_to:
                self.spans[-1][1] = self.end
            else:
                self.spans.append([max(self.vad_to, self.start), self.end])
            self.vad_to = self.end
            return
        window = max(self.start, self.vad_to - round(VAD_CONTEXT_SECONDS * SAMPLE_RATE))
        found = [(window + start, window + end) for start, end in self.vad(self.audio[window - self.start:])]
        spans = [[start, min(end, window)] for start, end in self.spans if start < window]
        for start, end in found:
            # Speech across the window's start is found again a frame or two into it.
            if spans and start <= spans[-1][1] + VAD_JOIN_SAMPLES:
                spans[-1][1] = max(spans[-1][1], end)
            else:
                spans.append([start, end])
        self.spans = spans
        self.vad_to = self.end

    @property
    def speech_samples(self):
        return self.speech_before + sum(end - start for start, end in self.spans)

    def cut_to(self, sample):
        """Moves B's start forward to sample (never back, never past the end)."""
        sample = min(int(sample), self.end)
        if sample > self.start:
            self.audio = self.audio[sample - self.start:]
            self.start = sample
            self.speech_before += sum(end - start for start, end in self.spans if end <= sample)
            self.spans = [span for span in self.spans if span[1] > sample]


# ---- The engine ------------------------------------------------------------------------

class WhisperEngine:
    """faster-whisper's model and Silero VAD behind Streamer's two functions."""

    def __init__(self, model, request):
        from faster_whisper.vad import VadOptions, get_speech_timestamps
        self.model, self.beam_size = model, request["beam_size"]
        self.vad_options, self.speech_timestamps = VadOptions(**STREAM_VAD), get_speech_timestamps

    def transcribe(self, audio, offset, prompt, language):
        try:
            segments, info = self.model.transcribe(
                audio, language=language, beam_size=self.beam_size, temperature=0.0,
                condition_on_previous_text=False, initial_prompt=prompt, word_timestamps=True, vad_filter=False,
                max_new_tokens=min(MAX_TOKENS, MAX_TOKENS_EXTRA + round(MAX_TOKENS_PER_SECOND * len(audio) / SAMPLE_RATE)))
            segments = list(segments)
            words = [(word.word, word.start, word.end, word.probability)
                     for segment in segments for word in (segment.words or [])]
            if any(segment.compression_ratio > COMPRESSION_LIMIT for segment in segments):
                words = None
        except Exception as error:  # noqa: BLE001 - the engine failed on this audio
            raise Failure("engine", f"transcription failed: {type(error).__name__}: {error}")
        candidates = sorted(info.all_language_probs or [(info.language, info.language_probability)],
                            key=lambda item: -item[1])
        return words, (info.language, info.language_probability, candidates[:5])

    def vad(self, audio):
        if len(audio) == 0:
            return []
        return [(chunk["start"], chunk["end"]) for chunk in self.speech_timestamps(audio, self.vad_options)]


def serve(events, streamer):
    """Hands the queued messages to the streamer, all that are waiting before each step
    (never one decode per message: a decode takes what came meanwhile), until EOF."""
    while True:
        batch = [events.get()]
        while True:
            try:
                batch.append(events.get_nowait())
            except queue.Empty:
                break
        for event in batch:
            if event[0] == "audio":
                streamer.receive(event[1], event[2])
            elif event[0] == "flush":
                streamer.flush()
            elif event[0] == "end":
                streamer.finish()
                return
            else:
                raise event[1]
        streamer.step()


def run(out, stdin, request, host):
    """Protocol v2 after the request line (read by burn_recognizer.py, `host`, whose model
    loading and language checks are used)."""
    check_request(request)
    # CTranslate2's OpenMP threads sleep between decodes instead of spinning: a stream
    # decodes a second of audio now and then, and the encoder needs the cores meanwhile.
    os.environ["OMP_WAIT_POLICY"] = "PASSIVE"  # before ctranslate2 is imported
    if not request["download"]:
        os.environ["HF_HUB_OFFLINE"] = "1"
    events = queue.Queue()
    MessageReader(stdin, events).start()  # while the model loads
    try:
        import faster_whisper  # noqa: F401
    except Exception as error:  # noqa: BLE001
        raise Failure("engine", f"faster-whisper cannot be imported: {error} (run scripts/setup.sh)")
    import logging
    logging.getLogger("faster_whisper").setLevel(logging.WARNING)
    path, model = host.load_model(request)
    out.send({"type": "ready", "protocol": PROTOCOL, "engine": host.ENGINE,
              "version": host.version_of("faster-whisper"), "model": path,
              "device": model.model.device, "compute_type": request["compute_type"],
              "compute_type_resolved": model.model.compute_type, "modes": MODES})
    known = host.known_language(model, dict(request, languages=None))
    if known is not None:
        language, probability, candidates, _ = known
        out.send(host.language_message(language, probability, candidates))
    engine = WhisperEngine(model, request)
    streamer = Streamer(request, engine.transcribe, engine.vad, out.send,
                        language=known[0] if known is not None else None)
    serve(events, streamer)


# ---- The self-test ---------------------------------------------------------------------

class Script:
    """A scripted recognizer: the words truly said (text, start, end in seconds), the audio
    with sound under them, a VAD that hears any sound, and a transcribe that returns the
    words inside the audio it gets. Like Whisper it mishears a word that ends near the
    audio's end, its times wobble by a few ms from decode to decode, and with `echo` it hears
    again the last two words before a cut of the buffer (timed at the buffer's start). With
    `invent` it makes words up after the last one ("thanks": " Thank you." over the silence,
    "ahead": " I'm going to go ahead" squeezed into its end), and the decodes numbered in
    `loops` (from 1) loop (None).
    decode_seconds: what each decode takes on its clock (a list is used in turn); shifts:
    (stream time, shift) of the gaps feed() made, the stream's clock being the script's
    plus the shift."""

    def __init__(self, words, length, echo=False, decode_seconds=0.0, invent=None, loops=()):
        import numpy
        self.words = [{"word": text, "start": start, "end": end} for text, start, end in words]
        self.audio = numpy.zeros(round(length * SAMPLE_RATE), dtype=numpy.float32)
        for word in self.words:
            self.audio[round(word["start"] * SAMPLE_RATE):round(word["end"] * SAMPLE_RATE)] = 0.1
        self.echo, self.invent, self.loops = echo, invent, set(loops)
        self.decode_seconds = decode_seconds if isinstance(decode_seconds, list) else [decode_seconds]
        self.now, self.calls, self.shifts = 0.0, [], [(0.0, 0.0)]

    def clock(self):
        return self.now

    def transcribe(self, audio, offset, prompt, language):
        self.calls.append((offset, offset + len(audio) / SAMPLE_RATE, prompt, self.now))
        self.now += self.decode_seconds[(len(self.calls) - 1) % len(self.decode_seconds)]
        shift = [shift for at, shift in self.shifts if at <= offset + 1e-6][-1]
        start, stop = offset - shift, offset - shift + len(audio) / SAMPLE_RATE
        wobble = 0.004 * (len(self.calls) % 3)
        heard = [word for word in self.words if word["start"] >= start - 0.02 and word["end"] <= stop + 0.02]
        out = []
        if self.echo and start > 0.5:
            for index, word in enumerate([word for word in self.words if word["end"] <= start][-2:]):
                out.append((word["word"], 0.02 * index, 0.02 * index + 0.02, 0.5))
        for index, word in enumerate(heard):
            text = word["word"]
            if index == len(heard) - 1 and stop - word["end"] < 0.15:
                text = text[:-1] + "~"  # misheard: cut off by the end of the audio
            out.append((text, word["start"] - start + wobble, word["end"] - start + wobble, 0.9))
        silent = not any(heard[-1]["end"] < word["start"] < stop for word in self.words) if heard else False
        if self.invent == "thanks" and silent and stop - heard[-1]["end"] >= 0.15:  # in the silence after words
            out.append((" Thank", heard[-1]["end"] - start, stop - start, 0.02))
            out.append((" you.", stop - start, stop - start, 0.97))
        if self.invent == "ahead" and silent and stop - heard[-1]["end"] >= 0.15:  # squeezed into its end
            end = heard[-1]["end"] - start
            for text, at, until, probability in ((" I'm", -0.06, -0.04, 0.1), (" going", -0.04, -0.02, 0.1),
                                                 (" to", -0.02, -0.02, 0.9), (" go", -0.02, -0.02, 0.05)):
                out.append((text, end + at, end + until, probability))
            out.append((" ahead", end - 0.02, stop - start, 0.06))
        if len(self.calls) in self.loops:
            return None, None  # a decode that looped
        return out, ("en", 0.98, [("en", 0.98), ("de", 0.01)])

    def vad(self, audio):
        """[start, end) sample ranges of sound, in 20 ms frames; one that ends less than
        0.1 s before the end of the audio runs to its end."""
        frame, spans, inside = 320, [], None
        for at in range(0, len(audio), frame):
            loud = bool((abs(audio[at:at + frame]) > 0.01).any())
            if loud and inside is None:
                inside = at
            elif not loud and inside is not None:
                spans.append((inside, at))
                inside = None
        if inside is not None:
            spans.append((inside, len(audio)))
        elif spans and len(audio) - spans[-1][1] < SAMPLE_RATE // 10:
            spans[-1] = (spans[-1][0], len(audio))  # as Silero: under 100 ms of silence is not a pause yet
        return spans


def sentence(text, start, word=0.3, space=0.1):
    """(text, start, end) of each word of text said from start on; the time after it."""
    words = []
    for token in text.split():
        words.append((" " + token, round(start, 3), round(start + word, 3)))
        start += word + space
    return words, start


SETTINGS = dict(vad=True, min_chunk_seconds=1.0, max_buffer_seconds=15, max_lag_seconds=4.0,
                end_of_speech_seconds=0.6, prompt_characters=200)


def feed(script, streamer, chunk=0.25, gaps=(), flush_at=(), arrive=False):
    """Sends script's audio to the streamer in chunks as the serving loop would, a step after
    each batch. With `arrive`, the script's clock is the wall clock and a chunk arrives when
    the stream reaches its end: every chunk that arrived during a step's decodes is in the
    next batch. gaps: (at, seconds) jumps of the stream's clock at script time `at`;
    flush_at: script times of a flush. The stream times of the chunks sent."""
    total, size = len(script.audio), round(chunk * SAMPLE_RATE)
    shift, at, sent = 0.0, 0, []
    gaps, flush_at = list(gaps), list(flush_at)
    while at < total:
        batch = []
        while at < total:
            batch.append(at)
            at += size
            if not arrive or at / SAMPLE_RATE >= script.now:
                break
        if arrive:
            script.now = max(script.now, at / SAMPLE_RATE)
        for sample in batch:
            when = sample / SAMPLE_RATE
            if gaps and when >= gaps[0][0]:
                shift += gaps.pop(0)[1]
                script.shifts.append((when + shift, shift))
            streamer.receive(when + shift, script.audio[sample:sample + size])
            sent.append(when + shift)
            if flush_at and when + chunk >= flush_at[0]:
                flush_at.pop(0)
                streamer.flush()
        streamer.step()
    streamer.finish()
    return sent


def check_invariants(messages, high):
    """The promises the Swift side checks, over one run's messages; high: the end of the
    audio sent (seconds). A list of what broke."""
    problems, committed, last_utterance, finished = [], {}, -1, set()
    for index, message in enumerate(messages):
        kind = message["type"]
        if kind not in ("partial", "final"):
            continue
        utterance, words = message["utterance"], message["words"]
        where = f"message {index} ({kind} {utterance})"
        if utterance < last_utterance or utterance in finished:
            problems.append(f"{where}: utterance out of order")
        last_utterance = utterance
        for a, b in zip(words, words[1:]):
            if b["start"] < a["start"]:
                problems.append(f"{where}: words out of time order ({a['word']} {a['start']}, {b['word']} {b['start']})")
        for word in words:
            if not (-1 <= word["start"] <= word["end"] <= high + 1):
                problems.append(f"{where}: word {word} outside the audio")
        before = committed.get(utterance, [])
        if words[:len(before)] != before:
            problems.append(f"{where}: committed words changed: {before} -> {words[:len(before)]}")
        if kind == "partial":
            if message["committed"] < len(before):
                problems.append(f"{where}: committed went down")
            committed[utterance] = words[:message["committed"]]
        else:
            finished.add(utterance)
    return problems


def text_of(words):
    return "".join(word["word"] for word in words).strip()


def squashed(text):
    """text with each word's last character left out: a word misheard at a cut (flush, gap)
    still matches."""
    return " ".join(word[:-1] for word in text.split())


def self_test():
    import numpy
    failures = []

    def expect(condition, what):
        if not condition:
            failures.append(what)
        return condition

    def stream(script, settings=None, language="en", **options):
        messages = []

        def send(message):
            message["_at"] = streamer.end / SAMPLE_RATE  # the audio received when it was sent
            messages.append(message)
        streamer = Streamer(dict(SETTINGS, **(settings or {})), script.transcribe, script.vad, send,
                            clock=script.clock, language=language)
        sent = feed(script, streamer, **options)
        high = (sent[-1] if sent else 0) + 0.25
        for problem in check_invariants(messages, high):
            failures.append(f"{options or ''} {problem}")
        return messages, streamer

    def finals(messages):
        return [message for message in messages if message["type"] == "final"]

    # 1. Agreement commits; sentence trimming; the prompt; end of speech; the next utterance;
    # no invented words in the silence after speech.
    first, end = sentence("Hello there. How are you today? I am fine, thanks.", 1.0)
    second, end2 = sentence("Second one here.", end + 1.5)
    script = Script(first + second, end2 + 1.5, invent="thanks", loops={4})
    messages, streamer = stream(script)
    partials = [m for m in messages if m["type"] == "partial"]
    expect(any(m["committed"] > 0 for m in partials), "agreement: no partial committed a word")
    expect(any(m["committed"] < len(m["words"]) for m in partials), "agreement: no tentative words were shown")
    expect(all(not m["words"][m["committed"] - 1]["word"].endswith("~") for m in partials if m["committed"]),
           "agreement: a misheard word was committed")
    expect(not any(word["word"] in (" Thank", " you.") for m in messages for word in m.get("words", [])),
           "unvoiced: words invented in the silence were shown")
    done = finals(messages)
    expect([text_of(m["words"]) for m in done] == ["Hello there. How are you today? I am fine, thanks.",
                                                   "Second one here."],
           f"end of speech: finals {[text_of(m['words']) for m in done]}")
    expect([m["utterance"] for m in done] == [0, 1], "end of speech: utterance ids")
    expect(done and done[0]["_at"] <= first[-1][2] + 0.6 + 0.25 + 0.01,
           f"end of speech: the first final came with {done[0]['_at'] if done else None} s of audio received")
    first_final = messages.index(done[0]) if done else 0
    expect(any(m["type"] == "partial" and m["utterance"] == 1 for m in messages[first_final:]),
           "end of speech: the first final did not come before the second utterance's partials")
    inside = [call for call in script.calls if 1.7 <= call[0] < first[-1][2]]
    expect(inside, "trim: the buffer never moved past the first sentence within the utterance")
    expect(any(call[2] and call[2].startswith("Hello there.") for call in inside),
           f"trim: the cut sentence did not become the prompt: {[call[2] for call in inside]}")
    expect(all(call[1] - call[0] <= 15 + 1 for call in script.calls), "trim: a decode over max_buffer_seconds")
    ends = [m for m in messages if m["type"] == "done"]
    expect(len(ends) == 1 and ends[0]["decodes"] == len(script.calls) and ends[0]["skipped_seconds"] == 0,
           f"done: {ends}")

    # 1b. LocalAgreement directly: the common prefix of two decodes is committed, with the
    # newer decode's text and times; committed words are not offered again.
    def hyp(*words):
        return [{"word": w, "start": s, "end": s + 0.3, "probability": 0.9} for w, s in words]
    agreement = LocalAgreement()
    expect(agreement.agree(hyp((" A", 0.0), (" b", 0.4), (" see", 0.8))) == 0, "agree: the first decode committed")
    expect(agreement.agree(hyp((" a", 0.01), (" b", 0.41), (" c", 0.81), (" d", 1.2))) == 2
           and text_of(agreement.committed) == "a b" and agreement.committed[0]["start"] == 0.01,
           f"agree: {text_of(agreement.committed)!r} committed (not the newer 'a b')")
    expect(agreement.agree(hyp((" a", 0.0), (" b", 0.4), (" x", 0.8), (" d", 1.2))) == 0
           and text_of(agreement.tentative) == "x d", f"agree: a changed word committed: {text_of(agreement.committed)!r}")
    expect(agreement.agree(hyp((" x", 0.8), (" d.", 1.2), (" e", 1.6))) == 2 and text_of(agreement.words) == "a b x d. e",
           f"agree: {text_of(agreement.words)!r}")
    expect(text_of(agreement.finish()) == "a b x d. e" and not agreement.words, "agree: finish")

    # 1c. VAD: speech that reached the end of one window ends where the next window says.
    words, end = sentence("one two", 0.5)
    script = Script(words, 3.0)
    streamer = Streamer(SETTINGS, script.transcribe, script.vad, lambda message: None, language="en")
    for at in range(0, 4000 * 6, 4000):  # to 1.5 s: "two" (0.9 to 1.2 s) then silence
        streamer.receive(at / SAMPLE_RATE, script.audio[at:at + 4000])
        streamer.run_vad()
    expect(abs(streamer.spans[-1][1] / SAMPLE_RATE - 1.2) < 0.03,
           f"vad: speech ends at {streamer.spans[-1][1] / SAMPLE_RATE} s, not 1.2 s")

    # 1d. Words squeezed into the end of the last one are not taken.
    words, end = sentence("Now the weather for tomorrow.", 0.5)
    messages, _ = stream(Script(words, end + 1.5, invent="ahead"))
    expect([text_of(m["words"]) for m in finals(messages)] == ["Now the weather for tomorrow."]
           and not any(w["word"] in (" I'm", " going", " ahead") for m in messages for w in m.get("words", [])),
           f"collapsed: {[text_of(m['words']) for m in messages if 'words' in m]}")

    # 1e. Directly: a run of words piled at one instant is dropped wherever it is, a single
    # short word in speech is kept; a decode that looped leaves the words as they were.
    words, end = sentence("one two three four five six", 0.5)
    script = Script(words, end + 1.0, loops={2})
    streamer = Streamer(SETTINGS, script.transcribe, script.vad, lambda message: None, clock=script.clock, language="en")
    streamer.receive(0.0, script.audio)
    streamer.run_vad()
    piled = [{"word": w, "start": s, "end": e, "probability": 0.9}
             for w, s, e in ((" one", 0.5, 0.8), (" the", 0.8, 0.8), (" storm", 0.8, 0.8), (" is", 0.8, 0.8),
                             (" two", 0.9, 1.2), (" a", 1.25, 1.25), (" three", 1.3, 1.6))]
    expect(text_of(streamer.heard(piled)) == "one two a three", f"collapsed: {text_of(streamer.heard(piled))!r}")
    streamer = Streamer(SETTINGS, script.transcribe, script.vad, lambda message: None, clock=script.clock, language="en")
    at, before = 0, None
    while len(script.calls) < 3 and at < len(script.audio):
        streamer.receive(at / SAMPLE_RATE, script.audio[at:at + 4000])
        at += 4000
        calls = len(script.calls)
        streamer.step()
        if len(script.calls) == 2 and calls == 1:
            expect(streamer.agreement.words == before and before, f"loop: the words before it were {before}, now "
                                                                  f"{streamer.agreement.words}")
        before = list(streamer.agreement.words)

    # 2. Never a decode without speech.
    silent = Script([], 5.0)
    messages, _ = stream(silent)
    expect(not silent.calls and [m["type"] for m in messages] == ["done"], f"silence: {messages}")

    # 3. The n-gram dedupe (and the overlap filter), directly and over a stream with echoes.
    agreement = LocalAgreement()
    agreement.commit([{"word": w, "start": s, "end": e, "probability": 1.0}
                      for w, s, e in ((" the", 0.0, 0.3), (" quick", 0.4, 0.7), (" brown", 0.8, 1.0))])
    hypothesis = [{"word": w, "start": s, "end": e, "probability": 1.0}
                  for w, s, e in ((" The", 0.1, 0.2), (" quick", 0.95, 1.05), (" Brown,", 1.06, 1.2),
                                  (" fox", 1.3, 1.6), (" jumps", 1.7, 2.0))]
    expect(text_of(agreement.fresh(hypothesis)) == "fox jumps",
           f"dedupe: {text_of(agreement.fresh(hypothesis))!r} for 'quick Brown, fox jumps'")
    hypothesis = [{"word": w, "start": s, "end": e, "probability": 1.0}
                  for w, s, e in ((" brown", 0.95, 1.1), (" bear", 1.2, 1.5))]
    expect(text_of(agreement.fresh(hypothesis)) == "bear", "dedupe: a one-word echo was kept")
    hypothesis = [{"word": w, "start": s, "end": e, "probability": 1.0} for w, s, e in ((" fox", 2.5, 2.8),)]
    expect(text_of(agreement.fresh(hypothesis)) == "fox", "dedupe: a word that echoes nothing was dropped")
    words, end = sentence("One two three. Four five six. Seven eight nine.", 0.5)
    echoing = Script(words, end + 1.0, echo=True)
    messages, _ = stream(echoing)
    expect([text_of(m["words"]) for m in finals(messages)] == ["One two three. Four five six. Seven eight nine."],
           f"dedupe: echoes came through: {[text_of(m['words']) for m in finals(messages)]}")

    # 4. A gap ends the utterance; the next one starts after it.
    words, end = sentence("this is before the gap and this is after it", 0.5)
    gapped = Script(words, end + 1.0)
    messages, _ = stream(gapped, gaps=[(2.5, 3.0)])
    done = finals(messages)
    expect(len(done) == 2, f"gap: {len(done)} finals")
    if len(done) == 2:
        expect(done[0]["end"] <= 2.5 + 0.01 and done[1]["start"] >= 5.5, f"gap: {done}")
        expect(squashed(text_of(done[0]["words"]) + " " + text_of(done[1]["words"]))
               == squashed("this is before the gap and this is after it"),
               f"gap: words lost or doubled: {[text_of(m['words']) for m in done]}")

    # 5. A flush ends the utterance at once.
    words, end = sentence("flush me now please and then go on", 0.5)
    flushed = Script(words, end + 1.0)
    messages, _ = stream(flushed, flush_at=[2.0])
    done = finals(messages)
    expect(len(done) == 2 and done[0]["end"] <= 2.0 + 0.01, f"flush: {[(m['start'], m['end']) for m in done]}")
    expect(squashed(" ".join(text_of(m["words"]) for m in done)) == squashed("flush me now please and then go on"),
           f"flush: {[text_of(m['words']) for m in done]}")

    # 6. Behind: a decode that takes 6 s (the others 1 s) against a lag of 4 s skips audio,
    # never queues it: every decode takes all the audio that came.
    words, end = sentence(" ".join(f"word{n}" for n in range(40)), 0.5)
    slow = Script(words, end + 1.0, decode_seconds=[1.0, 1.0, 1.0, 1.0, 6.0])
    messages, streamer = stream(slow, arrive=True)
    skips = [m for m in messages if m["type"] == "skipped"]
    expect(skips and all(m["reason"] == "behind" and m["from"] < m["to"] for m in skips), f"behind: skips {skips}")
    ends = {m["audio_end"] for m in messages if m["type"] == "partial"}
    expect(all(stop >= now - 0.25 - 1e-6 for _, stop, _, now in slow.calls if round(stop, 3) in ends),
           "behind: a decode left audio that had come waiting")
    expect(all(len(m["words"]) > 0 for m in finals(messages)[:-1]), "behind: nothing was committed between the skips")
    ends = [m for m in messages if m["type"] == "done"]
    expect(ends and abs(ends[0]["skipped_seconds"] - sum(m["to"] - m["from"] for m in skips)) < 0.01,
           "behind: done's skipped_seconds")
    for skip in skips:
        before = messages[:messages.index(skip)]
        last = [m for m in before if m["type"] == "partial"][-1]
        final = [m for m in before if m["type"] == "final"][-1]
        expect(final["utterance"] == last["utterance"] and final["words"] == last["words"][:last["committed"]],
               "behind: the final before a skip is not the committed words")
        expect(skip["from"] >= (final["words"][-1]["end"] if final["words"] else 0), "behind: skipped committed words")
    said = [word[0].strip() for word in words]
    kept = [word["word"].strip() for m in finals(messages) for word in m["words"]]
    expect(kept == [word for word in said if word in kept], f"behind: words out of order or doubled: {kept}")

    # 7. The language, when not given, is announced once after 2 s of speech.
    words, end = sentence("a b c d e f g h i j", 0.5)
    messages, _ = stream(Script(words, end + 1.0), language=None)
    languages = [m for m in messages if m["type"] == "language"]
    expect(len(languages) == 1 and languages[0]["language"] == "en", f"language: {languages}")

    # 8. The messages on stdin, and requests.
    import io
    events = queue.Queue()
    samples = numpy.arange(4, dtype="<f4").tobytes()
    data = (b'{"type":"audio","start":1.5,"samples":4}\n' + samples + b'\n{"type":"flush"}\n'
            b'{"type":"audio","start":2,"samples":2}\n' + samples[:8] + b'{"type":"audio","start":3,"samples":4}\n'
            + samples[:6])
    reader = MessageReader(io.BytesIO(data), events)
    reader.run()
    got = [events.get_nowait() for _ in range(events.qsize())]
    expect([event[0] for event in got] == ["audio", "flush", "audio", "error"], f"messages: {got}")
    expect(got[0][1] == 1.5 and list(got[0][2]) == [0, 1, 2, 3], "messages: the samples")
    expect(got[-1][1].kind == "input" and got[-1][1].field == "samples" and "6 of 16" in got[-1][1].message,
           f"messages: {got[-1][1].message}")
    for line, field in ((b'{"type":"audio","start":-1,"samples":1}\n', "start"),
                        (b'{"type":"audio","start":NaN,"samples":1}\n', None),
                        (b'{"type":"talk"}\n', "type"), (b'{"type":"audio","start":0,"samples":1e3}\n', "samples")):
        events = queue.Queue()
        MessageReader(io.BytesIO(line), events).run()
        event = events.get_nowait()
        expect(event[0] == "error" and event[1].field == field, f"messages: {line!r} gave {event}")
    request = dict(SETTINGS, protocol=2, mode="stream", model="/m", download=False, compute_type="int8",
                   device="cpu", threads=1, language=None, beam_size=1, sample_rate=16000)
    try:
        check_request(request)
    except Failure as failure:
        expect(False, f"request: a good one refused: {failure.message}")
    for change, field in (({"max_lag_seconds": "4"}, "max_lag_seconds"), ({"mode": "file"}, "mode"),
                          ({"threads": True}, "threads"), ({"min_chunk_seconds": 4}, "max_lag_seconds"),
                          ({"prompt_characters": -1}, "prompt_characters"), ({"vad": None}, "vad")):
        try:
            check_request(dict(request, **change))
            expect(False, f"request: {change} accepted")
        except Failure as failure:
            expect(failure.field == field and failure.kind == "input", f"request: {change}: {failure.field}")
    broken = dict(request)
    del broken["end_of_speech_seconds"]
    try:
        check_request(broken)
        expect(False, "request: a missing field accepted")
    except Failure as failure:
        expect("'end_of_speech_seconds' is missing" in failure.message, failure.message)

    # 9. The serving loop over a queue: messages in order, done at the end.
    words, end = sentence("through the loop", 0.5)
    script = Script(words, end + 1.0)
    events, messages = queue.Queue(), []
    for at in range(0, len(script.audio), 4000):
        events.put(("audio", at / SAMPLE_RATE, script.audio[at:at + 4000]))
    events.put(("end",))
    serve(events, Streamer(SETTINGS, script.transcribe, script.vad, messages.append, clock=script.clock, language="en"))
    expect([m["type"] for m in messages][-2:] == ["final", "done"] and text_of(finals(messages)[0]["words"])
           == "through the loop", f"serve: {[m['type'] for m in messages]}")

    for failure in failures:
        print("FAIL:", failure)
    print(f"burn_streaming self-test: {'ok' if not failures else f'{len(failures)} failed'}")
    return 0 if not failures else 1


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    print("usage: burn_streaming.py --self-test (the protocol runs through burn_recognizer.py)", file=sys.stderr)
    sys.exit(2)
