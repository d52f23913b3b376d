#!/usr/bin/env bash
# Runs each libFuzzer target of the Fuzz binary (built by `make fuzz`) for a set time:
#   scripts/fuzz.sh BINARY SECONDS TARGET...
# With FUZZ_RUNS=N in the environment a target also stops after N inputs.
# Seeds come from Fuzz/corpus/TARGET (read only) and, for layout, from the caption cases of
# Tests/Cases/captions.json (`BINARY seeds` writes them to .build/fuzz/seeds/TARGET); what
# libFuzzer finds new goes to .build/fuzz/corpus/TARGET and is kept for the next run; a
# crash, a hang (10 s for one input) or running out of memory stops that target and leaves
# its input in .build/fuzz/findings/. Logs: .build/fuzz/logs/TARGET.log. Prints each
# target's runs.
set -uo pipefail

binary=$1
seconds=$2
shift 2
work=.build/fuzz
mkdir -p "$work/findings" "$work/logs"

# The longest input of each target: caption files of a few KiB, a caption of a line or two
# (LayoutTarget.maximumLength, plus the byte that picks the language and preset).
max_len() {
  case $1 in
    layout) echo 201 ;;
    *) echo 4096 ;;
  esac
}

failed=()
summary=()
for target in "$@"; do
  if [[ ! -d "Fuzz/corpus/$target" ]]; then
    echo "fuzz: no seed corpus Fuzz/corpus/$target" >&2
    exit 2
  fi
  mkdir -p "$work/corpus/$target"
  if ! "$binary" seeds "$target" "$work/seeds/$target" >/dev/null; then
    echo "fuzz: cannot write the seeds of $target from the caption cases" >&2
    exit 2
  fi
  options=()
  [[ -f "Fuzz/dict/$target.dict" ]] && options+=("-dict=Fuzz/dict/$target.dict")
  [[ -n "${FUZZ_RUNS:-}" ]] && options+=("-runs=$FUZZ_RUNS")
  log="$work/logs/$target.log"
  echo "fuzz: $target for ${seconds}s${FUZZ_RUNS:+ or $FUZZ_RUNS runs} (log: $log)"
  # libFuzzer, not the Swift runtime's backtracer, must catch a crash to save its input.
  SWIFT_BACKTRACE=enable=no FUZZ_TARGET=$target "$binary" \
    -max_total_time="$seconds" -max_len="$(max_len "$target")" -timeout=10 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$work/findings/$target-" "${options[@]}" \
    "$work/corpus/$target" "Fuzz/corpus/$target" "$work/seeds/$target" >"$log" 2>&1
  status=$?
  # libFuzzer's last words: "Done 1234567 runs in 120 second(s)" when time or runs ran out.
  done_line=$(grep -E '^Done [0-9]+ runs in [0-9]+ second' "$log" | tail -n 1)
  runs=$(grep -E '^stat::number_of_executed_units:' "$log" | tail -n 1 | awk '{print $2}')
  if [[ $status -ne 0 ]]; then
    failed+=("$target")
    summary+=("$target: FAILED (exit $status) after ${runs:-?} runs; see $log and $work/findings/")
    grep -E 'ERROR: libFuzzer|Fatal error|SUMMARY|Test unit written' "$log" | head -n 5 >&2
  else
    summary+=("$target: ${done_line:-$runs runs}")
  fi
done

echo "fuzz: results"
printf '  %s\n' "${summary[@]}"
if (( ${#failed[@]} > 0 )); then
  echo "fuzz: failed: ${failed[*]} (reproduce: swift build --product Fuzz && .build/debug/Fuzz TARGET FILE)" >&2
  exit 1
fi
