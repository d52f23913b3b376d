#!/usr/bin/env bash
# `make test-deb`: the Debian package in a clean root (docs/INSTALL.md#a-debian-package).
#
#   mmdebstrap makes a bookworm root with apt and man-db alone (no build tools, no source
#   tree); apt installs .build/deb/burn-captions_*.deb there, which must bring every
#   dependency. In it, burn-captions renders the sample, `burn-captions doctor` runs and
#   `man burn-captions` renders the manual page; last, apt removes and purges the package
#   with stand-ins of the recognizer's files (remove.sh below). Then, here: the render's
#   decoded frames must equal the development build's (ffmpeg -f framemd5), doctor must have
#   exited 0, man must have shown the page without an error, and remove and purge must have
#   left what they should. Prints the run time.
#
# Usage: scripts/test-deb.sh [BINARY] [MIRROR]
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${1:-.build/release/burn-captions}
MIRROR=${2:-http://deb.debian.org/debian}
command -v mmdebstrap >/dev/null || { echo "test-deb: mmdebstrap is missing (scripts/setup.sh --deb-tools)" >&2; exit 1; }
debs=(.build/deb/burn-captions_*.deb)
[[ -f ${debs[0]} ]] || { echo "test-deb: no package in .build/deb; run make deb first" >&2; exit 1; }
deb=${debs[0]}
started=$(date +%s)
out=.build/deb/clean-root
rm -rf "$out"
mkdir -p "$out"
name=$(basename "$deb")
# Remove and purge, with stand-ins of a recognizer's environment and model where
# install-recognizer.py puts them: remove takes the environment and keeps the model, purge
# leaves nothing of the package's folder.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/remove.sh" <<'EOF'
set -e
home=/usr/share/burn-captions/.recognizer
mkdir -p $home/venv/bin $home/models/base
touch $home/venv/bin/python3 $home/models/base/model.bin
apt-get remove -y -q burn-captions
[ ! -e $home/venv ] || { echo "remove left $home/venv"; exit 1; }
[ -f $home/models/base/model.bin ] || { echo "remove took $home/models"; exit 1; }
[ ! -e /usr/bin/burn-captions ] || { echo "remove left /usr/bin/burn-captions"; exit 1; }
apt-get purge -y -q burn-captions
[ ! -e /usr/share/burn-captions ] || { echo "purge left:"; find /usr/share/burn-captions; exit 1; }
EOF

# Each step's exit status is kept in /work, so that one failing still lets the others run.
mmdebstrap --variant=apt --include=man-db --quiet \
  --customize-hook='mkdir -p "$1/work"' \
  --customize-hook="copy-in $deb Samples/talk.mp4 Samples/talk.json $work/remove.sh /work" \
  --customize-hook="chroot \"\$1\" sh -c 'apt-get install -y -q /work/$name > /work/apt.txt 2>&1; echo \$? > /work/apt.status'" \
  --customize-hook="chroot \"\$1\" sh -c 'cd /work && burn-captions talk.mp4 --captions talk.json --preset tiktok -o out.mp4 -q > render.txt 2>&1; echo \$? > render.status'" \
  --customize-hook="chroot \"\$1\" sh -c 'cd /work && burn-captions doctor > doctor.txt 2>&1; echo \$? > doctor.status'" \
  --customize-hook="chroot \"\$1\" sh -c 'cd /work && MANWIDTH=80 man burn-captions > man.txt 2> man-errors.txt; echo \$? > man.status'" \
  --customize-hook="chroot \"\$1\" sh -c 'cd /work && sh remove.sh > remove.txt 2>&1; echo \$? > remove.status'" \
  --customize-hook="copy-out /work $out" \
  bookworm /dev/null "$MIRROR"

failed=0
check() {  # STEP MESSAGE: the step's status in the root must be 0
  local status
  status=$(cat "$out/work/$1.status" 2>/dev/null || echo missing)
  if [[ $status == 0 ]]; then echo "test-deb: ok   $2"; else echo "test-deb: FAIL $2 (exit $status; $out/work/$1.txt)"; failed=1; fi
}
check apt "apt installs $name with every dependency"
check render "the installed burn-captions renders the sample"
check doctor "burn-captions doctor exits 0"
check man "man burn-captions shows the page"
check remove "apt remove takes the recognizer's environment, purge its models and the folder"
if [[ -s $out/work/man-errors.txt ]] || ! grep -q 'SYNOPSIS' "$out/work/man.txt" 2>/dev/null; then
  echo "test-deb: FAIL man's page or its errors: $out/work/man.txt, $out/work/man-errors.txt"
  failed=1
fi
if [[ -f $out/work/out.mp4 ]]; then
  "$BIN" Samples/talk.mp4 --captions Samples/talk.json --preset tiktok -o "$out/development.mp4" -q
  frames() { ffmpeg -nostdin -v error -i "$1" -map 0:v -f framemd5 - | grep -v '^#'; }
  if cmp -s <(frames "$out/work/out.mp4") <(frames "$out/development.mp4"); then
    echo "test-deb: ok   decoded frames equal the development build's ($(frames "$out/development.mp4" | wc -l) frames)"
  else
    echo "test-deb: FAIL decoded frames differ from the development build's"
    failed=1
  fi
fi
echo "test-deb: $(($(date +%s) - started)) s"
exit $failed
