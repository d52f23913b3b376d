#!/usr/bin/env python3
"""Recognition bench: our recognizer against whisper-ctranslate2 on make-speech.py's clips.

Usage (from the repository root, after scripts/setup.sh installed .recognizer/):

    python3 scripts/bench-recognition.py [--rounds 3] [--binary .build/release/burn-captions]
        [--languages en,de] [--conditions clean,noise,music] [--detect] [--json out.json]

For every language clip and its pink-noise and music copies it runs, in interleaved rounds
(the order of the runners turns round each time: ABC, BCA, CAB, ...):

  engine   Recognizer/burn_recognizer.py through protocol v1 (ffmpeg decodes the clip to
           16 kHz f32le, piped in): the raw engine, no timing fix
  ours     `burn-captions transcribe CLIP -o out.json --model M --language L` (only with --binary)
  wct      whisper-ctranslate2 with the same model folder, compute type, VAD, threads, beam
           size and language (the command line is printed)

and prints, per clip, WER (CER for ja, zh), the mean absolute word-start error and the share
of phrase starts within 0.2 s (scripts/speech_scores.py), and CPU seconds per audio second
(user+system of the run's children from wait4, ffmpeg's decode included for engine), medians
over the rounds. The language is given to every runner (the clip's own) unless --detect.
Then: the real-time factor (wall and CPU per audio second) of tiny.en and base on the English
clip, the nothing-invented clips (silence, chords, pink noise: words found; the 10 s pause:
words inside it; de-lang: the language detected with its probability), and the engine's
language detection on every speech clip (--sections picks among accuracy,rtf,nothing,detect).
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
import speech_scores  # noqa: E402

RATE = 16000
PAUSE_MARGIN = 0.25  # seconds: a real word that starts this much early is a timing error, not an invented one


def wait_usage(process, started):
    """(exit code, wall seconds, CPU seconds) of a Popen child, reaped by wait4."""
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, time.monotonic() - started, usage.ru_utime + usage.ru_stime


def run_measured(command, stdin_bytes=None, stdout=subprocess.DEVNULL):
    """Runs command; (code, wall, cpu, stdout bytes or None, stderr text)."""
    started = time.monotonic()
    with tempfile.TemporaryFile() as err:
        process = subprocess.Popen(command, stdin=subprocess.PIPE if stdin_bytes is not None else subprocess.DEVNULL,
                                   stdout=stdout, stderr=err)
        chunks = []
        if stdin_bytes is not None:
            def feed():
                try:
                    process.stdin.write(stdin_bytes)
                    process.stdin.close()
                except BrokenPipeError:
                    pass
            feeder = threading.Thread(target=feed, daemon=True)
            feeder.start()
        if stdout == subprocess.PIPE:
            chunks.append(process.stdout.read())
        code, wall, cpu = wait_usage(process, started)
        err.seek(0)
        return code, wall, cpu, (b"".join(chunks) if stdout == subprocess.PIPE else None), err.read().decode("utf-8", "replace")


def decode(audio):
    """ffmpeg: the clip as 16 kHz mono f32le; (bytes, wall, cpu)."""
    code, wall, cpu, out, err = run_measured(
        ["ffmpeg", "-nostdin", "-v", "error", "-i", str(audio), "-map", "0:a:0", "-ac", "1",
         "-ar", str(RATE), "-f", "f32le", "-"], stdout=subprocess.PIPE)
    if code != 0:
        sys.exit("bench-recognition: ffmpeg could not decode %s: %s" % (audio, err))
    return out, wall, cpu


class Runners:
    def __init__(self, args):
        self.args = args
        # ours' cache for the whole bench: the model's verification stamps stay (as they do for a
        # user after the first run), and its transcripts are removed before every run.
        self.cache = Path(tempfile.mkdtemp(prefix="bench-recognition-cache-"))

    def request(self, samples, model, language):
        a = self.args
        return {"protocol": 1, "model": str(model), "download": False, "compute_type": a.compute_type,
                "device": "cpu", "threads": a.threads, "language": language, "languages": None,
                "language_threshold": a.language_threshold, "detect_segments": a.detect_segments,
                "vad": True, "beam_size": a.beam_size, "batched": a.batched, "sample_rate": RATE,
                "samples": samples}

    def engine(self, audio, language, model=None):
        """The engine through the protocol: words, segments, language line, wall, cpu."""
        pcm, dwall, dcpu = decode(audio)
        request = self.request(len(pcm) // 4, model or self.args.model, language)
        payload = (json.dumps(request) + "\n").encode() + pcm
        code, wall, cpu, out, err = run_measured([self.args.python, str(self.args.engine)], payload, subprocess.PIPE)
        messages = [json.loads(line) for line in out.decode().splitlines() if line.strip()]
        if code != 0 or not messages or messages[-1]["type"] != "done":
            raise RuntimeError("engine failed (%d) on %s: %s %s" % (code, audio, messages[-1:] if messages else "", err[-400:]))
        segments = [m for m in messages if m["type"] == "segment"]
        words = [{"text": w["word"], "start": w["start"], "end": w["end"]} for s in segments for w in s["words"]]
        lang = next((m for m in messages if m["type"] == "language"), None)
        return {"text": "".join(s["text"] for s in segments), "words": words, "segments": len(segments),
                "language": lang, "wall": wall + dwall, "cpu": cpu + dcpu}

    def wct_command(self, audio, language, outdir, model=None):
        a = self.args
        command = [str(a.wct), str(audio), "--model_directory", str(model or a.model),
                   "--local_files_only", "True", "--device", "cpu", "--compute_type", a.compute_type,
                   "--threads", str(a.threads), "--vad_filter", "True", "--word_timestamps", "True",
                   "--beam_size", str(a.beam_size), "--output_format", "json",
                   "--output_dir", str(outdir), "--verbose", "False"]
        if language:
            command += ["--language", language]
        return command

    def wct(self, audio, language):
        with tempfile.TemporaryDirectory() as outdir:
            command = self.wct_command(audio, language, outdir)
            code, wall, cpu, _, err = run_measured(command)
            produced = Path(outdir) / (Path(audio).stem + ".json")
            if code != 0 or not produced.exists():
                raise RuntimeError("whisper-ctranslate2 failed (%d) on %s: %s" % (code, audio, err[-400:]))
            doc = json.loads(produced.read_text())
        segments = doc.get("segments", [])
        words = [{"text": w["word"], "start": w["start"], "end": w["end"]} for s in segments for w in s.get("words", [])]
        return {"text": "".join(s["text"] for s in segments), "words": words, "segments": len(segments),
                "language": {"language": doc.get("language")}, "wall": wall, "cpu": cpu}

    def ours(self, audio, language):
        with tempfile.TemporaryDirectory() as outdir:
            out = Path(outdir) / "out.json"
            # No transcript kept from an earlier round: every round recognizes.
            shutil.rmtree(self.cache / "transcripts", ignore_errors=True)
            command = ["env", "BURN_CAPTIONS_CACHE=" + str(self.cache), str(self.args.binary), "transcribe",
                       str(audio), "-o", str(out), "--model", str(self.args.model)]
            if language:
                command += ["--language", language]
            code, wall, cpu, _, err = run_measured(command)
            if code != 0 or not out.exists():
                raise RuntimeError("burn-captions failed (%d) on %s: %s" % (code, audio, err[-400:]))
            doc = json.loads(out.read_text())
        segments = doc.get("segments", [])
        words = [{"text": w["text"], "start": w["start"], "end": w["end"]} for s in segments for w in s.get("words", [])]
        join = "" if language in speech_scores.CHARACTER_LANGUAGES else " "
        return {"text": join.join(s["text"] for s in segments), "words": words, "segments": len(segments),
                "language": None, "wall": wall, "cpu": cpu}


def score(result, truth):
    lang = truth["language"]
    er = speech_scores.error_rate(truth["text"], result["text"], lang)
    tm = speech_scores.timing(truth["words"], result["words"], lang, truth["phrases"])
    return {"rate": er["rate"], "metric": er["metric"], "errors": er["errors"], "reference": er["reference"],
            "timing": tm, "text": result["text"]}


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def fmt(value, pattern="%.3f"):
    return "-" if value is None else pattern % value


def accuracy_section(args, runners, manifest, speech_dir, log):
    clips = [c for c in manifest["clips"] if c["kind"] in ("accuracy", "short")
             and c["language"] in args.languages and c["condition"] in args.conditions]
    names = ["engine", "wct"] + (["ours"] if args.binary else [])
    results = {c["name"]: {n: [] for n in names} for c in clips}
    for r in range(args.rounds):
        order = names[r % len(names):] + names[: r % len(names)]
        for clip in clips:
            truth = json.loads((speech_dir / clip["truth"]).read_text())
            language = None if args.detect else clip["language"]
            for name in order:
                try:
                    result = getattr(runners, name)(speech_dir / clip["audio"], language)
                except (RuntimeError, OSError) as error:  # one failed run is reported, not fatal
                    print("  round %d %-10s %-6s FAILED: %s" % (r + 1, clip["name"], name, error), flush=True)
                    log({"round": r + 1, "runner": name, "clip": clip["name"], "failed": str(error)})
                    continue
                entry = dict(score(result, truth), cpu=result["cpu"], wall=result["wall"],
                             audio=truth["duration"], round=r + 1, runner=name, clip=clip["name"],
                             language_line=result["language"])
                results[clip["name"]][name].append(entry)
                log(entry)
                print("  round %d %-10s %-6s %s %.3f  start err %s  CPU/s %.3f" % (
                    r + 1, clip["name"], name, entry["metric"], entry["rate"],
                    fmt(entry["timing"].get("mean_abs_start_error")), entry["cpu"] / entry["audio"]), flush=True)
    return clips, names, results


def paired_ratios(ours, theirs):
    """CPU ratios within a round (rounds where either run failed are left out)."""
    by_round = {e["round"]: e for e in theirs}
    return [e["cpu"] / by_round[e["round"]]["cpu"] for e in ours if e["round"] in by_round]


def print_accuracy(clips, names, results, rounds):
    ours = "ours" if "ours" in names else "engine"
    print("\nAccuracy, timing and CPU: medians over %d round(s); ours = %s; wct = whisper-ctranslate2" % (rounds, ours))
    head = "%-10s %-4s %8s %8s %9s %9s %9s %9s %8s %8s %7s" % (
        "clip", "", "ours", "wct", "start|e|", "wct", "phr<0.2", "wct", "CPU/s", "wct", "ratio")
    print(head)
    print("-" * len(head))
    rows = []
    for clip in clips:
        r = results[clip["name"]]
        def m(name, key):
            return median([e[key] for e in r[name]])
        def mt(name, key):
            return median([e["timing"].get(key) for e in r[name]])
        def cps(name):
            return median([e["cpu"] / e["audio"] for e in r[name]])
        ratio = median(paired_ratios(r[ours], r["wct"]))
        metric = "CER" if clip["language"] in speech_scores.CHARACTER_LANGUAGES else "WER"
        row = {"clip": clip["name"], "metric": metric, "ours": m(ours, "rate"), "wct": m("wct", "rate"),
               "start_ours": mt(ours, "mean_abs_start_error"), "start_wct": mt("wct", "mean_abs_start_error"),
               "bias_ours": mt(ours, "mean_start_error"), "bias_wct": mt("wct", "mean_start_error"),
               "phrase_ours": mt(ours, "phrase_start_share"), "phrase_wct": mt("wct", "phrase_start_share"),
               "cpu_ours": cps(ours), "cpu_wct": cps("wct"), "cpu_ratio": ratio}
        if ours != "engine":
            row["engine"] = m("engine", "rate")
            row["start_engine"] = mt("engine", "mean_abs_start_error")
        rows.append(row)
        print("%-10s %-4s %8s %8s %9s %9s %9s %9s %8s %8s %7s" % (
            clip["name"], row["metric"], fmt(row["ours"]), fmt(row["wct"]), fmt(row["start_ours"]),
            fmt(row["start_wct"]), fmt(row["phrase_ours"], "%.2f"), fmt(row["phrase_wct"], "%.2f"),
            fmt(row["cpu_ours"]), fmt(row["cpu_wct"]), fmt(row["cpu_ratio"])))
        if ours != "engine":
            print("%-10s %-4s %8s %8s %9s   (raw engine)" % ("", "", fmt(row["engine"]), "", fmt(row["start_engine"])))
    all_ratio = median([x for c in clips for x in paired_ratios(results[c["name"]][ours], results[c["name"]]["wct"])])
    print("CPU ratio ours/wct over all clips and rounds (median): %s" % fmt(all_ratio))
    return rows, all_ratio


def rtf_section(args, runners, speech_dir, log):
    clip = speech_dir / "en.wav"
    duration = json.loads((speech_dir / "en.json").read_text())["duration"]
    models = {"tiny.en": args.models_dir / "tiny.en", "base": args.model}
    got = {m: [] for m in models}
    for r in range(args.rounds):
        for name in (list(models) if r % 2 == 0 else list(models)[::-1]):
            result = runners.engine(clip, "en", models[name])
            got[name].append((result["wall"] / duration, result["cpu"] / duration))
            log({"section": "rtf", "model": name, "round": r + 1, "wall": result["wall"], "cpu": result["cpu"], "audio": duration})
    print("\nReal-time factor on en.wav (%.1f s), engine through the protocol, threads %d, medians over %d round(s)" % (
        duration, args.threads, args.rounds))
    out = {}
    for name, values in got.items():
        wall, cpu = median([v[0] for v in values]), median([v[1] for v in values])
        out[name] = {"wall_per_audio_second": wall, "cpu_per_audio_second": cpu}
        print("  %-8s wall/audio %.3f   CPU s/audio s %.3f" % (name, wall, cpu))
    return out


def nothing_section(args, runners, manifest, speech_dir, log):
    print("\nNothing invented (language detected, VAD on): words found")
    out = {}
    clips = [c for c in manifest["clips"] if c["kind"] in ("nothing", "pause", "language")]
    names = ["engine", "wct"] + (["ours"] if args.binary else [])
    for clip in clips:
        truth = json.loads((speech_dir / clip["truth"]).read_text()) if clip["truth"] else None
        language = None if clip["kind"] != "pause" else "en"
        row = {}
        for name in names:
            try:
                result = getattr(runners, name)(speech_dir / clip["audio"], language)
            except RuntimeError as error:
                # burn-captions refuses to burn a language it doubts: on de-lang, the answer wanted.
                row[name] = {"failed": str(error)}
                log({"section": "nothing", "clip": clip["name"], "runner": name, **row[name]})
                print("  %-10s %-6s stopped: %s" % (clip["name"], name, str(error).split(": ", 2)[-1][:160]), flush=True)
                continue
            if clip["kind"] == "nothing":
                row[name] = {"words": len(result["words"]), "segments": result["segments"], "text": result["text"]}
                shown = "%d words, %d segments" % (len(result["words"]), result["segments"])
            elif clip["kind"] == "pause":
                start, end = truth["pauses"][0]
                inside = speech_scores.words_inside(result["words"], start, end)
                deep = speech_scores.words_inside(result["words"], start, end, PAUSE_MARGIN)
                er = speech_scores.error_rate(truth["text"], result["text"], "en")
                row[name] = {"words_in_pause": inside, "words_in_pause_past_margin": deep, "wer": er["rate"],
                             "overlapping": [w for w in result["words"] if w["end"] > start and w["start"] < end]}
                shown = "%d words overlap the pause %.2f-%.2f s (%d more than %.2f s inside it), WER %.3f" % (
                    inside, start, end, deep, PAUSE_MARGIN, er["rate"])
            else:
                row[name] = {"language": result["language"], "text": result["text"]}
                shown = "language %s; text %r" % (json.dumps(result["language"], ensure_ascii=False), result["text"][:80])
            log({"section": "nothing", "clip": clip["name"], "runner": name, **row[name]})
            print("  %-10s %-6s %s" % (clip["name"], name, shown), flush=True)
        out[clip["name"]] = row
    return out


def detect_section(args, runners, manifest, speech_dir, log):
    """Language detection alone (threshold 1: the engine stops after its language line)."""
    print("\nLanguage detection by the engine (%d window(s) of 30 s at most; top three)" % args.detect_segments)
    saved = args.language_threshold
    args.language_threshold = 1.0
    out = {}
    try:
        for clip in manifest["clips"]:
            if not clip["language"]:
                continue
            line = runners.engine(speech_dir / clip["audio"], None)["language"] or {}
            top = line.get("candidates", [])[:3]
            out[clip["name"]] = line
            log({"section": "detect", "clip": clip["name"], "truth": clip["language"], **line})
            print("  %-10s truth %-3s  %s%s" % (clip["name"], clip["language"],
                  ", ".join("%s %.3f" % (c["language"], c["probability"]) for c in top),
                  "" if top and top[0]["language"] == clip["language"] else "   WRONG"), flush=True)
    finally:
        args.language_threshold = saved
    return out


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", type=Path, default=REPO, help="where Recognizer/ and .recognizer/ are (default: this repository)")
    ap.add_argument("--speech", type=Path, default=REPO / ".build" / "speech", help="make-speech.py's folder (made if missing)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--binary", type=Path, help="burn-captions: also run `burn-captions transcribe`")
    ap.add_argument("--python", type=Path, help="the engine's Python (default ROOT/.recognizer/venv/bin/python3)")
    ap.add_argument("--engine", type=Path, help="default ROOT/Recognizer/burn_recognizer.py")
    ap.add_argument("--wct", type=Path, help="whisper-ctranslate2 (default ROOT/.recognizer/bench-venv/bin/whisper-ctranslate2, else PATH)")
    ap.add_argument("--models-dir", type=Path, help="default ROOT/.recognizer/models")
    ap.add_argument("--model", type=Path, help="the model folder (default MODELS_DIR/base)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--compute-type", default="int8")
    ap.add_argument("--beam-size", type=int, default=5)
    ap.add_argument("--batched", action="store_true", help="the engine's batched pipeline")
    ap.add_argument("--language-threshold", type=float, default=0.0, help="the engine's (0: never stop on doubt)")
    ap.add_argument("--detect-segments", type=int, default=3)
    ap.add_argument("--languages", default="en,de,es,fr,ja,zh,ar")
    ap.add_argument("--conditions", default="clean,noise,music")
    ap.add_argument("--detect", action="store_true", help="let every runner detect the language")
    ap.add_argument("--sections", default="accuracy,rtf,nothing,detect")
    ap.add_argument("--json", type=Path, help="write every result here")
    ap.add_argument("--report", help="print the accuracy table from earlier --json files (comma list) and exit")
    args = ap.parse_args()
    args.python = args.python or args.root / ".recognizer" / "venv" / "bin" / "python3"
    args.engine = args.engine or args.root / "Recognizer" / "burn_recognizer.py"
    args.models_dir = args.models_dir or args.root / ".recognizer" / "models"
    args.model = args.model or args.models_dir / "base"
    default_wct = args.root / ".recognizer" / "bench-venv" / "bin" / "whisper-ctranslate2"
    args.wct = args.wct or (default_wct if default_wct.exists() else Path(shutil.which("whisper-ctranslate2") or default_wct))
    args.languages = args.languages.split(",")
    args.conditions = args.conditions.split(",")
    args.sections = args.sections.split(",")
    for what, path in (("engine Python", args.python), ("engine", args.engine), ("model", args.model),
                       ("whisper-ctranslate2", args.wct)):
        if not path.exists():
            sys.exit("bench-recognition: no %s at %s (scripts/setup.sh installs it)" % (what, path))
    return args


def report(args, manifest):
    """The accuracy table again, from the entries of earlier runs' --json files."""
    entries = [e for f in args.report.split(",") for e in json.loads(Path(f).read_text())
               if "runner" in e and "rate" in e]
    have = {e["clip"] for e in entries}
    clips = [c for c in manifest["clips"] if c["name"] in have]
    names = sorted({e["runner"] for e in entries})
    results = {c["name"]: {n: [e for e in entries if e["clip"] == c["name"] and e["runner"] == n] for n in names}
               for c in clips}
    rounds = max(e["round"] for e in entries)
    print_accuracy(clips, names, results, rounds)


def main():
    if "--report" in sys.argv:
        ap_args = argparse.Namespace(speech=REPO / ".build" / "speech", report=sys.argv[sys.argv.index("--report") + 1])
        for i, a in enumerate(sys.argv):
            if a == "--speech":
                ap_args.speech = Path(sys.argv[i + 1])
        report(ap_args, json.loads((ap_args.speech / "manifest.json").read_text()))
        return
    args = parse_args()
    manifest_path = args.speech / "manifest.json"
    if not manifest_path.exists():
        subprocess.run([sys.executable, str(REPO / "scripts" / "make-speech.py"), str(args.speech)], check=True)
    manifest = json.loads(manifest_path.read_text())
    runners = Runners(args)
    print("whisper-ctranslate2 command: %s" % " ".join(runners.wct_command("CLIP", "LANG", "OUT_DIR")))
    print("engine request: %s" % json.dumps(runners.request(0, args.model, "LANG")))
    try:
        run_sections(args, runners, manifest)
    finally:
        shutil.rmtree(runners.cache, ignore_errors=True)


def run_sections(args, runners, manifest):
    if args.binary:
        # A user's first run verifies the model's sums and keeps a stamp; the rounds run after it.
        warm = min((c for c in manifest["clips"] if c["kind"] in ("accuracy", "short")), key=lambda c: c["duration"])
        runners.ours(args.speech / warm["audio"], warm["language"])
    log_lines = []

    def log(entry):
        log_lines.append(entry)
        if args.json:
            args.json.write_text(json.dumps(log_lines, ensure_ascii=False, indent=1) + "\n")

    summary = {}
    if "accuracy" in args.sections:
        clips, names, results = accuracy_section(args, runners, manifest, args.speech, log)
        summary["accuracy"], summary["cpu_ratio"] = print_accuracy(clips, names, results, args.rounds)
    if "rtf" in args.sections:
        summary["rtf"] = rtf_section(args, runners, args.speech, log)
    if "nothing" in args.sections:
        summary["nothing"] = nothing_section(args, runners, manifest, args.speech, log)
    if "detect" in args.sections:
        summary["detect"] = detect_section(args, runners, manifest, args.speech, log)
    log({"summary": summary})


if __name__ == "__main__":
    main()
