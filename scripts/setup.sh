#!/usr/bin/env bash
# Installs the Debian packages burn-captions needs to build, test and run the demo, then the
# recognizer (faster-whisper in .recognizer/venv, the models in .recognizer/models:
# scripts/install-recognizer.py, docs/RECOGNIZER.md).
# Idempotent: calls apt-get only when a package is missing, pip only when something changed.
# Flags (any of them, together): --sample-tools --image-tools --deb-tools --farm-tools --bench-tools.
set -euo pipefail

PACKAGES=(
  # What the Swift toolchain links with (most machines with /opt/swift already have them).
  binutils libc6-dev libgcc-12-dev libstdc++-12-dev tzdata
  pkg-config
  libavformat-dev libavcodec-dev libavfilter-dev libavutil-dev libswscale-dev libswresample-dev
  # `live` from a camera or microphone (V4L2, ALSA, PulseAudio) and from a lavfi graph.
  libavdevice-dev
  libfreetype-dev libharfbuzz-dev libglib2.0-dev libgraphite2-dev libfontconfig-dev libicu-dev
  libmicrohttpd-dev
  # Obstacles captions avoid (--avoid): OpenCV's dnn module (it runs the YuNet face model,
  # fetched below), Tesseract's layout analysis and its English model.
  libopencv-dnn-dev libopencv-imgproc-dev libtesseract-dev libleptonica-dev tesseract-ocr-eng
  ffmpeg
  espeak-ng
  # The review page's browser test (scripts/test-review.py, part of make test).
  chromium chromium-driver
  fonts-noto-cjk fonts-noto-core fonts-noto-color-emoji fonts-dejavu-core
  # Display faces of the creator looks (Presets/looks): Latin text only; Noto sets the rest.
  fonts-league-spartan fonts-bebas-neue fonts-inter
  # --emoji: the Unicode CLDR emoji names and keywords of each language (read with
  # Foundation's XML parser, which links libxml2).
  unicode-cldr-core libxml2
  # The installed manual page, rendered with warnings on, and the zsh completion, parsed by
  # zsh (InstallTests).
  man-db zsh
)
RECOGNIZER_FLAGS=()
for flag in "$@"; do
  case "$flag" in
    # Only needed to regenerate Samples/ (scripts/make-sample.py).
    --sample-tools) PACKAGES+=(sox) ;;
    # Only needed for the worker image (make image, make test-image).
    --image-tools) PACKAGES+=(mmdebstrap util-linux podman) ;;
    # Only needed for make deb and make test-deb (a package, lintian, a clean root).
    --deb-tools) PACKAGES+=(dpkg-dev lintian mmdebstrap) ;;
    # Only needed for the one-node Slurm of make test-farm.
    --farm-tools) PACKAGES+=(slurmctld slurmd slurm-client munge) ;;
    # Only needed by make bench: whisper-ctranslate2 in .recognizer/bench-venv.
    --bench-tools) RECOGNIZER_FLAGS+=(--bench-tools) ;;
    *) echo "setup: unknown flag $flag" >&2; exit 2 ;;
  esac
done
# The recognizer's virtual environment needs python3's venv module (with ensurepip), which
# Debian's own python3 has only with python3-venv.
if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
  PACKAGES+=(python3-venv)
fi

missing=()
for p in "${PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done

if (( ${#missing[@]} > 0 )); then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=()
  if [[ $(id -u) -ne 0 ]]; then
    if ! command -v sudo >/dev/null; then
      echo "setup: these Debian packages are missing: ${missing[*]}" >&2
      echo "setup: run this script as root (or install sudo) to install them" >&2
      exit 1
    fi
    SUDO=(sudo)
  fi
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Selenium, from PyPI, drives Debian's chromium in the review page's browser test.
if ! python3 -c 'import selenium' 2>/dev/null; then
  echo "setup: installing selenium (PyPI)" >&2
  python3 -m pip install --quiet 'selenium==4.51.0'
fi

# OpenTimelineIO and its FCPXML, FCP 7 XML and CMX 3600 adapters, from PyPI, read the edit
# lists back in EditListsTests (scripts/read-edit-list.py).
if ! python3 -c 'import opentimelineio, otio_fcpx_xml_adapter, otio_fcp_adapter, otio_cmx3600_adapter' 2>/dev/null; then
  echo "setup: installing opentimelineio and its adapters (PyPI)" >&2
  python3 -m pip install --quiet 'opentimelineio==0.18.1' 'otio-fcpx-xml-adapter==1.0.0' \
    'otio-fcp-adapter==1.0.0' 'otio-cmx3600-adapter==1.0.0'
fi

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# The face photograph of the obstacle tests: scikit-image's astronaut.png, from Debian's
# python3-skimage, taken out of the package without installing it (which would bring SciPy).
PHOTO="$ROOT/.testdata/astronaut.png"
PHOTO_SHA256=88431cd9653ccd539741b555fb0a46b61558b301d4110412b5bc28b5e3ea6cb5
if [[ "$(sha256sum "$PHOTO" 2>/dev/null | cut -d' ' -f1)" != "$PHOTO_SHA256" ]]; then
  echo "setup: extracting the test photograph from Debian's python3-skimage" >&2
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  if ! (cd "$work" && apt-get download python3-skimage >/dev/null 2>&1); then
    apt-get update -qq && (cd "$work" && apt-get download python3-skimage >/dev/null 2>&1)
  fi
  mkdir -p "$ROOT/.testdata"
  dpkg-deb --fsys-tarfile "$work"/python3-skimage_*.deb \
    | tar -xO ./usr/lib/python3/dist-packages/skimage/data/astronaut.png > "$PHOTO.partial"
  if [[ "$(sha256sum "$PHOTO.partial" | cut -d' ' -f1)" != "$PHOTO_SHA256" ]]; then
    rm -f "$PHOTO.partial"
    echo "setup: python3-skimage's astronaut.png is not the one the tests were made with" >&2
    exit 1
  fi
  mv "$PHOTO.partial" "$PHOTO"
fi

# The face detector's model (--avoid faces): YuNet's face_detection_yunet_2023mar.onnx (MIT
# licence), as PyPI's gramps-webapi 3.24.0 ships it, taken out of the wheel (nothing installed)
# into .models/ and checked by SHA-256 (the sum FaceFinder.swift checks too).
FACE_MODEL="$ROOT/.models/face_detection_yunet_2023mar.onnx"
FACE_MODEL_SHA256=8f2383e4dd3cfbb4553ea8718107fc0423210dc964f9f4280604804ed2552fa4
if [[ "$(sha256sum "$FACE_MODEL" 2>/dev/null | cut -d' ' -f1)" != "$FACE_MODEL_SHA256" ]]; then
  echo "setup: taking the face model out of PyPI's gramps-webapi 3.24.0" >&2
  wheels=$(mktemp -d)
  python3 -m pip download --quiet --no-deps --only-binary :all: -d "$wheels" 'gramps-webapi==3.24.0'
  mkdir -p "$ROOT/.models"
  python3 -m zipfile -e "$wheels"/gramps_webapi-3.24.0-*.whl "$wheels/unpacked" >/dev/null
  cp "$wheels/unpacked/gramps_webapi/data/face_detection_yunet_2023mar.onnx" "$FACE_MODEL.partial"
  rm -rf "$wheels"
  if [[ "$(sha256sum "$FACE_MODEL.partial" | cut -d' ' -f1)" != "$FACE_MODEL_SHA256" ]]; then
    rm -f "$FACE_MODEL.partial"
    echo "setup: gramps-webapi's face_detection_yunet_2023mar.onnx is not the one burn-captions was made with" >&2
    exit 1
  fi
  mv "$FACE_MODEL.partial" "$FACE_MODEL"
fi

# The face detector's test photographs (Tests/Cases/faces.json, docs/TESTING.md), from Debian
# and PyPI packages into .testdata/faces/, each checked by SHA-256.
python3 "$ROOT/scripts/extract-test-photos.py" "$ROOT"

# The recognizer: .recognizer/venv, .recognizer/models/{base,tiny.en} (checked against
# Recognizer/models.json), and with --bench-tools .recognizer/bench-venv.
python3 "$ROOT/scripts/install-recognizer.py" "$ROOT" "${RECOGNIZER_FLAGS[@]}"
