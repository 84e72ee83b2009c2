#!/usr/bin/env bash
# Memory and time of iteration strands at scale (issue #5: no per-iteration node).
# Runs scripts/bench/iterations.c natively and under the tool (fast mode) for N
# iterations of one parallel loop and prints wall time and peak RSS:
#   reduce: a reduction over N iterations (schedule(dynamic,1000): N/1000 chunks),
#           touching almost no memory: the tool's memory must not grow with N;
#   array:  writes then reads an int array of N elements: shadow grows with N
#           (12 bytes per application byte), nothing else should.
# Usage: scripts/bench-iterations.sh [THREADS] [N...]   (defaults: 2; 10^6 10^7 10^8)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
threads=${1:-2}
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000000 10000000 100000000)
bin="$repo/build/bin"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

clang-19 -fopenmp -O2 -g "$repo/scripts/bench/iterations.c" -o "$out/native"
"$bin/ompracer-clang" -O2 -g "$repo/scripts/bench/iterations.c" -o "$out/tool"

run() { # prints "seconds peak_rss_mb"
  /usr/bin/time -f "%e %M" -o "$out/t" "$@" >"$out/stdout" 2>"$out/err" || {
    cat "$out/err" >&2
    exit 1
  }
  read -r s kb <"$out/t"
  echo "$s $((kb / 1024))"
}

echo "ompracer iteration-strand benchmark: $(date -u +%Y-%m-%d), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), OMP_NUM_THREADS=$threads, -O2 -g, fast mode"
printf "%-8s %12s %9s %9s %8s %10s %10s\n" kernel iterations native_s tool_s slowdown native_MB tool_MB
for k in reduce array; do
  for n in "${sizes[@]}"; do
    read -r tn mn < <(OMP_NUM_THREADS=$threads run "$out/native" "$k" "$n")
    read -r tt mt < <(OMP_NUM_THREADS=$threads OMPRACER_OPTIONS=mode=fast run "$out/tool" "$k" "$n")
    if grep -q "==ompracer==" "$out/err"; then
      echo "unexpected tool output:" >&2
      cat "$out/err" >&2
      exit 1
    fi
    printf "%-8s %12d %9s %9s %8.1f %10s %10s\n" "$k" "$n" "$tn" "$tt" \
      "$(awk "BEGIN{print $tt / ($tn > 0 ? $tn : 0.01)}")" "$mn" "$mt"
  done
done
