#!/usr/bin/env bash
# `make install` and `make uninstall` (docs/INSTALL.md):
#   scripts/install.sh install BINARY DESTDIR PREFIX
#   scripts/install.sh uninstall DESTDIR PREFIX
# install copies the binary, PREFIX/share/burn-captions (Fonts.conf, Presets, Web, the
# recognizer's module and its installer, the face detector's model in models/), the manual page and the bash and zsh completions
# (made by the binary from its options table), and lists every file and every folder it made
# in PREFIX/share/burn-captions/installed-files. uninstall removes exactly those (and the
# recognizer's environment and models, if they were installed into that folder since), then
# the folders it made, when empty.
set -euo pipefail

action=${1:?usage: install.sh install BINARY DESTDIR PREFIX | uninstall DESTDIR PREFIX}
shift
if [[ $action == install ]]; then
  binary=${1:?binary}; shift
fi
destdir=${1-}
prefix=${2:?prefix}
[[ $prefix == /* ]] || { echo "install.sh: PREFIX must be an absolute path, got $prefix" >&2; exit 2; }
root="$destdir$prefix"
share="$root/share/burn-captions"
manifest="$share/installed-files"

if [[ $action == uninstall ]]; then
  if [[ ! -f $manifest ]]; then
    echo "install.sh: nothing to uninstall: $manifest is missing" >&2
    exit 1
  fi
  # The recognizer's environment and models (install-recognizer.py) live in the shared folder.
  rm -rf "$share/.recognizer"
  mapfile -t listed <"$manifest"
  # Files first, then folders deepest first (each only when empty).
  for entry in "${listed[@]}"; do
    if [[ $entry == "f "* ]]; then rm -f "$root/${entry#f }"; fi
  done
  for entry in $(printf '%s\n' "${listed[@]}" | grep '^d ' | cut -c3- | sort -r); do
    rmdir "$root/$entry" 2>/dev/null || true
  done
  # Folders above PREFIX that install made inside DESTDIR (a staging folder).
  if [[ -n $destdir ]]; then
    folder=$root
    while [[ $folder != "$destdir" && $folder == "$destdir"/* ]]; do
      rmdir "$folder" 2>/dev/null || break
      folder=$(dirname "$folder")
    done
  fi
  echo "uninstalled burn-captions from $root"
  exit 0
fi

[[ -x $binary ]] || { echo "install.sh: $binary is not built (make build)" >&2; exit 1; }
source=$(cd "$(dirname "$0")/.." && pwd)
if [[ $prefix == /usr ]]; then zsh_folder=share/zsh/vendor-completions; else zsh_folder=share/zsh/site-functions; fi
entries=()

# A folder below PREFIX, made with its parents; those made are listed.
make_folder() {
  local relative=$1 part="" piece
  IFS=/ read -ra pieces <<<"$relative"
  for piece in "${pieces[@]}"; do
    part=${part:+$part/}$piece
    if [[ ! -d $root/$part ]]; then
      mkdir -p "$root/$part"
      entries+=("d $part")
    fi
  done
}

# FILE to RELATIVE below PREFIX, with MODE.
put() {
  local from=$1 relative=$2 mode=$3
  make_folder "$(dirname "$relative")"
  cp "$from" "$root/$relative"
  chmod "$mode" "$root/$relative"
  entries+=("f $relative")
}

mkdir -p "$destdir"
put "$binary" bin/burn-captions 755
put "$source/Fonts.conf" share/burn-captions/Fonts.conf 644
put "$source/FontPackages.json" share/burn-captions/FontPackages.json 644
while IFS= read -r file; do
  put "$source/$file" "share/burn-captions/$file" 644
done < <(cd "$source" && find Presets -type f -name '*.json' | sort && find Web -type f | sort)
for file in burn_recognizer.py burn_languages.py burn_streaming.py models.json requirements.txt; do
  put "$source/Recognizer/$file" "share/burn-captions/Recognizer/$file" 644
done
put "$source/scripts/install-recognizer.py" share/burn-captions/install-recognizer.py 755
# The face detector's model (--avoid faces), as scripts/setup.sh fetched and checked it.
face_model=$source/.models/face_detection_yunet_2023mar.onnx
[[ -f $face_model ]] || { echo "install.sh: $face_model is missing (scripts/setup.sh fetches it)" >&2; exit 1; }
put "$face_model" share/burn-captions/models/face_detection_yunet_2023mar.onnx 644
put <("$binary" manual | gzip -9n) share/man/man1/burn-captions.1.gz 644
put <("$binary" completion bash) share/bash-completion/completions/burn-captions 644
put <("$binary" completion zsh) "$zsh_folder/_burn-captions" 644
entries+=("f share/burn-captions/installed-files")
printf '%s\n' "${entries[@]}" >"$manifest"
# The command is printed quoted for the shell (%q), so that it can be pasted as it is when the
# prefix holds spaces or other special characters.
printf 'installed burn-captions into %s (%s files); speech recognition: %q %q\n' "$root" \
  "$(grep -c '^f ' "$manifest")" "$prefix/share/burn-captions/install-recognizer.py" "$prefix/share/burn-captions"
