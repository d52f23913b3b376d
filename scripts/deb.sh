#!/usr/bin/env bash
# `make deb`: .build/deb/burn-captions_VERSION_amd64.deb from the release binary
# (docs/INSTALL.md#a-debian-package).
#
#   scripts/install.sh stages the files under /usr; the binary is stripped; Depends comes from
#   dpkg-shlibdeps on the binary, plus the font packages FontPackages.json names, the CLDR
#   annotations --emoji reads and python3 (the recognizer's scripts); Recommends the recognizer's python3-venv and --avoid's text model;
#   the copyright and changelog files, md5sums and a postrm (the recognizer's environment goes
#   on remove, its models on purge) are written; dpkg-deb builds the package
#   (root-owned files), and lintian checks it when it is installed (no error allowed).
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${1:-.build/release/burn-captions}
OUT=.build/deb
[[ -x $BIN ]] || { echo "deb: $BIN is missing; run make build first" >&2; exit 1; }
for tool in dpkg-deb dpkg-shlibdeps; do
  command -v $tool >/dev/null || { echo "deb: $tool is missing (scripts/setup.sh --deb-tools)" >&2; exit 1; }
done
version=$("$BIN" --version | head -1 | cut -d' ' -f2)
architecture=$(dpkg --print-architecture)
stage=$OUT/stage
rm -rf "$stage"
mkdir -p "$stage"
bash scripts/install.sh install "$BIN" "$stage" /usr >/dev/null
# dpkg keeps the list of a package's files; make uninstall's list is not for it.
rm "$stage/usr/share/burn-captions/installed-files"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/burn-captions"

# What the binary links, as Debian's shlibs files say (a debian/control is all it reads).
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/debian"
printf 'Source: burn-captions\n\nPackage: burn-captions\nArchitecture: any\n' >"$work/debian/control"
binary=$(realpath "$stage/usr/bin/burn-captions")
shlibs=$(cd "$work" && dpkg-shlibdeps -O -e"$binary" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
fonts=$(python3 -c 'import json; print(", ".join(sorted(set(json.load(open("FontPackages.json"))["families"].values()))))')
# python3: the recognizer's installer and engine are Python scripts.
depends="$shlibs, $fonts, unicode-cldr-core, python3"

docs=$stage/usr/share/doc/burn-captions
mkdir -p "$docs"
cat >"$docs/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: burn-captions
Source: https://github.com/burn-captions/burn-captions

Files: *
Copyright: 2026 the burn-captions developers
License: burn-captions
 burn-captions is the work of its developers. No licence to copy or modify it has been
 published yet; until one is, this package may be installed and run, not redistributed.

Files: usr/share/burn-captions/models/face_detection_yunet_2023mar.onnx
Copyright: 2020 Shiqi Yu (YuNet, as OpenCV's model zoo publishes it)
License: MIT
 Permission is hereby granted, free of charge, to any person obtaining a copy of this
 software and associated documentation files (the "Software"), to deal in the Software
 without restriction, including without limitation the rights to use, copy, modify, merge,
 publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons
 to whom the Software is furnished to do so, subject to the following conditions:
 .
 The above copyright notice and this permission notice shall be included in all copies or
 substantial portions of the Software.
 .
 THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED,
 INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR
 PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE
 FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR
 OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
 DEALINGS IN THE SOFTWARE.
EOF
{
  echo "burn-captions ($version) unstable; urgency=medium"
  echo
  echo "  * Release $version: see README.md and docs/ of the source for what it does."
  echo
  echo " -- burn-captions developers <burn-captions@users.noreply.github.com>  $(date -R -d "$("$BIN" manual | sed -n 's/^\.TH [^"]*"\([0-9-]*\)".*/\1/p') 12:00:00 UTC")"
} | gzip -9n >"$docs/changelog.gz"
chmod 644 "$docs/copyright" "$docs/changelog.gz"

mkdir -p "$stage/DEBIAN"
size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat >"$stage/DEBIAN/control" <<EOF
Package: burn-captions
Version: $version
Architecture: $architecture
Maintainer: burn-captions developers <burn-captions@users.noreply.github.com>
Installed-Size: $size
Depends: $depends
Recommends: python3-venv, tesseract-ocr-eng
Section: video
Priority: optional
Homepage: https://github.com/burn-captions/burn-captions
Description: burn captions into video, laid out per language for each platform
 burn-captions reads SubRip, WebVTT, Whisper and its own JSON captions (or
 recognizes the speech offline), fixes their timing, lays them out with
 HarfBuzz and ICU in each language's face inside a platform's safe area
 (TikTok, Reels, Shorts, YouTube), draws word-by-word looks, and re-encodes
 the video with FFmpeg's libraries (H.264, HEVC, AV1, VP9, ProRes; HDR kept).
EOF
# What install-recognizer.py adds to the package's folder (not dpkg's files): removing the
# package takes the recognizer's environments (built from the package's requirements), purging
# it the downloaded models too, and the folder.
cat >"$stage/DEBIAN/postrm" <<'EOF'
#!/bin/sh
set -e
home=/usr/share/burn-captions/.recognizer
case "$1" in
  remove)
    if [ -d "$home" ]; then
      find "$home" -mindepth 1 -maxdepth 1 ! -name models -exec rm -rf {} +
    fi
    ;;
  purge)
    rm -rf "$home"
    rmdir --ignore-fail-on-non-empty /usr/share/burn-captions 2>/dev/null || true
    ;;
esac
exit 0
EOF
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$stage/DEBIAN/md5sums"
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"
chmod 755 "$stage/DEBIAN/postrm"
find "$stage" -type d -exec chmod 755 {} +

package=$OUT/burn-captions_${version}_${architecture}.deb
# One package in .build/deb: the image and test-deb take it, the Containerfile copies it by glob.
rm -f "$OUT"/burn-captions_*.deb
dpkg-deb --root-owner-group -Zxz --build "$stage" "$package" >/dev/null
echo "deb: $package ($(du -k "$package" | cut -f1) KiB)"
echo "deb: Depends: $depends"
if command -v lintian >/dev/null; then
  # Errors fail the build; warnings and notes are printed.
  lintian --fail-on error --suppress-tags-from-file /dev/null "$package"
else
  echo "deb: lintian is missing (scripts/setup.sh --deb-tools): not checked" >&2
fi
