#!/usr/bin/env bash
# Prints ompracer's cost on three kernels (scripts/bench/): wall time and peak RSS
# natively and under the tool in fast and precise mode, and the task-graph kernel at
# growing sizes (time and memory should grow linearly with the number of tasks).
# Usage: scripts/benchmark.sh [THREADS]   (default 2). Needs scripts/build.sh first.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
threads=${1:-2}
bin="$repo/build/bin"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

measure() { # prints "seconds peak_rss_mb" of a command (best of 3 runs by time)
  local best="" rss=""
  for _ in 1 2 3; do
    /usr/bin/time -f "%e %M" -o "$out/t" "$@" >/dev/null 2>"$out/err" || true
    read -r s kb <"$out/t"
    if [ -z "$best" ] || awk "BEGIN{exit !($s < $best)}"; then best=$s; rss=$((kb / 1024)); fi
  done
  echo "$best $rss"
}

for k in stencil fib taskgraph; do
  clang-19 -fopenmp -O2 -g "$repo/scripts/bench/$k.c" -o "$out/$k.native"
  "$bin/ompracer-clang" -O2 -g "$repo/scripts/bench/$k.c" -o "$out/$k.tool"
done

echo "ompracer benchmark: $(date -u +%Y-%m-%d), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), OMP_NUM_THREADS=$threads, -O2 -g"
printf "%-22s %9s %9s %9s %8s %8s %9s %9s\n" kernel native_s fast_s precise_s fast_x precise_x native_MB fast_MB
for k in stencil fib taskgraph; do
  read -r tn mn < <(OMP_NUM_THREADS=$threads measure "$out/$k.native")
  read -r tf mf < <(OMP_NUM_THREADS=$threads OMPRACER_OPTIONS=mode=fast measure "$out/$k.tool")
  read -r tp mp < <(OMP_NUM_THREADS=$threads OMPRACER_OPTIONS=mode=precise measure "$out/$k.tool")
  printf "%-22s %9s %9s %9s %8.1f %8.1f %9s %9s\n" "$k" "$tn" "$tf" "$tp" \
    "$(awk "BEGIN{print $tf / ($tn > 0 ? $tn : 0.01)}")" \
    "$(awk "BEGIN{print $tp / ($tn > 0 ? $tn : 0.01)}")" "$mn" "$mf"
done

echo
echo "task graph scaling (fast mode): tasks, seconds, peak RSS MB"
for nb in 50 100 200; do
  read -r t m < <(OMP_NUM_THREADS=$threads measure "$out/taskgraph.tool" "$nb")
  printf "%8d tasks %8s s %6s MB\n" $((nb * nb)) "$t" "$m"
done
