#!/usr/bin/env bash
# A customize hook of scripts/image.sh (run by mmdebstrap as `image/recognizer-hook.sh ROOT`
# from the project's folder, after apt installed the package into ROOT): puts the recognizer
# for `--captions auto` into the image under /usr/share/burn-captions, the package's folder,
# where the installed binary finds it (docs/RECOGNIZER.md, docs/RENDER-FARM.md).
#
# - Recognizer/ (burn_recognizer.py, burn_languages.py, models.json with the models' sums, requirements.txt)
#   comes with the package.
# - .recognizer/venv: made INSIDE the root by Debian's python3 (3.11), with
#   Recognizer/requirements.txt from PyPI (pinned, no pip cache, not byte-compiled), then pip
#   and setuptools taken out again (a worker installs nothing).
# - .recognizer/models/base: the files models.json lists, copied from this machine's
#   install (scripts/setup.sh checked them; scripts/image.sh checks them again).
# - A warm-up: the image's own burn-captions transcribes the sample inside the root once, so
#   Python byte-compiles exactly the modules a job imports: 141 files, 4 MiB (every module
#   the wheels hold would be 46 MiB), and the engine starts 0.8 s sooner than when it compiles
#   them on each start (measured on this machine: 1.1 s against 1.9 s to import).
set -euo pipefail
root=$1
prefix=/usr/share/burn-captions
venv=$prefix/.recognizer/venv

[[ -f $root$prefix/Recognizer/requirements.txt ]] || { echo "image: the package did not install $prefix/Recognizer" >&2; exit 1; }
mkdir -p "$root$prefix/.recognizer/models/base"
for file in $(python3 -c 'import json; print(" ".join(sorted(json.load(open("Recognizer/models.json"))["models"]["base"]["files"])))'); do
  cp --preserve=timestamps ".recognizer/models/base/$file" "$root$prefix/.recognizer/models/base/"
done

# What pip inside the root needs from this machine's network setup: its trusted certificates
# (a proxy that inspects TLS signs with a local authority) and its proxy variables.
pip_env=(PATH=/usr/bin:/bin HOME=/root LANG=C.UTF-8 PYTHONDONTWRITEBYTECODE=1)
for name in HTTPS_PROXY https_proxy HTTP_PROXY http_proxy NO_PROXY no_proxy; do
  [[ -n ${!name:-} ]] && pip_env+=("$name=${!name}")
done
cert=()
bundle=${PIP_CERT:-/etc/ssl/certs/ca-certificates.crt}
if [[ -f $bundle ]]; then
  cp "$bundle" "$root/tmp/host-certificates.pem"
  cert=(--cert /tmp/host-certificates.pem)
fi
chroot "$root" /usr/bin/python3 -m venv "$venv"
chroot "$root" /usr/bin/env -i "${pip_env[@]}" "$venv/bin/python3" -m pip install --quiet --no-cache-dir \
  --no-compile --disable-pip-version-check "${cert[@]}" -r "$prefix/Recognizer/requirements.txt"
chroot "$root" /usr/bin/env -i "${pip_env[@]}" "$venv/bin/python3" -m pip uninstall --quiet --yes pip setuptools
rm -f "$root/tmp/host-certificates.pem"

# The warm-up, as root (so the byte code is written beside the modules, readable by all).
warm=/tmp/warm-up
mkdir -p "$root$warm"
cp Samples/talk.mp4 "$root$warm/"
chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin HOME=$warm \
  BURN_CAPTIONS_CACHE=$warm/cache /usr/bin/burn-captions transcribe $warm/talk.mp4 -o $warm/talk.json -q
[[ -s $root$warm/talk.json ]] || { echo "image: the warm-up transcription wrote nothing" >&2; exit 1; }
rm -rf "${root:?}$warm"
