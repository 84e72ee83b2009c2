#!/usr/bin/env bash
# Runs the libFuzzer targets of tests/fuzz longer than the test suite does.
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET]   (default 600). Needs scripts/build.sh
# first (clang-19 with libclang-rt-19-dev): the targets are build/bin/fuzz_*. New corpus
# inputs and crashing inputs land in build/tests/fuzz/.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-600}
fuzz="$repo/build/tests/fuzz"
for target in options suppressions; do
  exe="$repo/build/bin/fuzz_$target"
  [ -x "$exe" ] || { echo "fuzz.sh: $exe not built (clang with libFuzzer needed)" >&2; exit 1; }
  mkdir -p "$fuzz/corpus/$target"
  echo "== $target: ${seconds}s"
  "$exe" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$fuzz/" "$fuzz/corpus/$target" "$repo/tests/fuzz/corpus/$target" 2>&1 |
    grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+== ERROR|SUMMARY|Done)" || true
done
