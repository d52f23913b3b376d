#!/usr/bin/env bash
# `make image`: the worker image, built from Debian packages alone (no base image is pulled).
#
#   mmdebstrap makes a bookworm root file system and installs into it, with apt, the package
#   `make deb` built (.build/deb/burn-captions_*.deb: the binary in /usr/bin, its files in
#   /usr/share/burn-captions, every library and face it needs as the package's Depends) and
#   image/packages.txt (what the package only recommends: the recognizer's python3-venv and
#   --avoid's models); no compiler, no documentation. So the image tests the package. Then
#   a user `burn` (uid 10001), and the recognizer for `--captions auto` under
#   /usr/share/burn-captions: .recognizer/venv (made inside the root with Debian's python3,
#   faster-whisper and what it needs from PyPI as Recognizer/requirements.txt pins them) and
#   .recognizer/models/base (copied from this machine's checked install: scripts/setup.sh;
#   nothing is downloaded at run time). The result is .build/image/rootfs (for chroot) and
#   .build/image/burn-captions.tar; where podman runs, the tar is imported as
#   burn-captions:latest with burn-captions as its entry point.
#
# Usage: scripts/image.sh [MIRROR]   (default: Debian's deb.debian.org)
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=.build/image
MIRROR=${1:-http://deb.debian.org/debian}
# The package make deb built (it keeps one). apt takes a local .deb by its absolute path, and
# mmdebstrap's file-mirror-automount hook makes that path inside the root to mount the file on:
# a folder of its own under /tmp, removed from the root again, keeps the build's path out of it.
debs=(.build/deb/burn-captions_*.deb)
[[ -f ${debs[0]} ]] || { echo "image: .build/deb has no burn-captions package; run make deb first" >&2; exit 1; }
carrier=$(mktemp -d /tmp/burn-captions-deb.XXXXXX)
trap 'rm -rf "$carrier"' EXIT
cp "${debs[0]}" "$carrier/"
deb=$carrier/$(basename "${debs[0]}")
command -v mmdebstrap >/dev/null || { echo "image: mmdebstrap is missing (apt-get install mmdebstrap)" >&2; exit 1; }
# The default model goes in as this machine's setup installed it: every file of base as
# Recognizer/models.json sizes and sums it (no model is downloaded for the image).
python3 - <<'CHECK' || exit 1
import hashlib, json, sys
from pathlib import Path
files = json.load(open("Recognizer/models.json"))["models"]["base"]["files"]
for name, expected in sorted(files.items()):
    path = Path(".recognizer/models/base") / name
    if not path.is_file() or path.stat().st_size != expected["bytes"]:
        sys.exit(f"image: {path} is missing or incomplete; run scripts/setup.sh")
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 22):
            digest.update(chunk)
    if digest.hexdigest() != expected["sha256"]:
        sys.exit(f"image: {path} is corrupt (its SHA-256 is not the one in Recognizer/models.json); run scripts/setup.sh")
CHECK

packages=$(grep -v '^#' image/packages.txt | grep . | paste -sd, -)
rm -rf "$OUT/rootfs" "$OUT/burn-captions.tar.tmp"
mkdir -p "$OUT"

# What a worker never reads: documentation, manuals, translations, the serif CJK faces
# (Fonts.conf sets captions in sans faces; the serif ones are 53 MB), and of the Unicode CLDR
# all but the emoji annotations --emoji reads (196 of its 230 MB; dpkg keeps a file only if it
# keeps its folder, so the folder is included by name).
excludes=(
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright'
  --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/info/*'
  --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/lintian/*'
  --dpkgopt='path-exclude=/usr/share/fonts/opentype/noto/NotoSerifCJK*'
  --dpkgopt='path-exclude=/usr/share/unicode/cldr/common/*' --dpkgopt='path-include=/usr/share/unicode/cldr/common/annotations'
  --dpkgopt='path-include=/usr/share/unicode/cldr/common/annotations/*'
)
# merged /usr comes from mmdebstrap's hook, not from the usrmerge package (which needs perl: 47 MB);
# the file-mirror-automount hook lets apt inside the root read the local .deb.
mmdebstrap --variant=essential --format=tar \
  --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr --hook-dir=/usr/share/mmdebstrap/hooks/file-mirror-automount \
  --include="$packages,$deb" "${excludes[@]}" \
  --customize-hook="rm -rf \"\$1$carrier\"" \
  --customize-hook='mkdir -p "$1/work" "$1/home/burn"' \
  --customize-hook='image/recognizer-hook.sh "$1"' \
  --customize-hook='echo "burn:x:10001:10001:burn-captions worker:/home/burn:/usr/sbin/nologin" >> "$1/etc/passwd"' \
  --customize-hook='echo "burn:x:10001:" >> "$1/etc/group"' \
  --customize-hook='chown 10001:10001 "$1/work" "$1/home/burn"' \
  --customize-hook='rm -rf "$1/var/cache/apt" "$1/var/lib/apt/lists" "$1/var/log"/* "$1/root/.cache"' \
  --customize-hook='rm -f "$1/etc/resolv.conf" "$1/etc/hostname"' \
  bookworm "$OUT/burn-captions.tar.tmp" "$MIRROR"
mv "$OUT/burn-captions.tar.tmp" "$OUT/burn-captions.tar"
mkdir -p "$OUT/rootfs"
tar -C "$OUT/rootfs" -xf "$OUT/burn-captions.tar"

if command -v podman >/dev/null && podman info >/dev/null 2>&1; then
  podman import \
    --change 'ENTRYPOINT ["/usr/bin/burn-captions"]' --change 'USER burn' --change 'WORKDIR /work' \
    "$OUT/burn-captions.tar" burn-captions:latest >/dev/null \
    && echo "image: imported as burn-captions:latest" \
    || echo "image: podman could not import the image here; make test-image uses chroot"
fi
share=$OUT/rootfs/usr/share/burn-captions/.recognizer
echo "image: $OUT/burn-captions.tar ($(du -m "$OUT/burn-captions.tar" | cut -f1) MiB), root file system $(du -sm "$OUT/rootfs" | cut -f1) MiB" \
  "(the recognizer's environment $(du -sm "$share/venv" | cut -f1) MiB, the base model $(du -sm "$share/models/base" | cut -f1) MiB)"
