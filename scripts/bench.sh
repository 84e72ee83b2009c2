#!/usr/bin/env bash
# Benchmark runner: ompracer against native OpenMP and Archer on our kernels
# (scripts/bench/) and, with --bots PATH, on ten BOTS applications. Writes
# bench/results/<date>/results.md, summary.csv and runs.csv. See bench/README.md
# or `scripts/bench.sh --help`. Needs scripts/build.sh first.
set -euo pipefail
OMPRACER_BENCH_ARGV0=${OMPRACER_BENCH_ARGV0:-$0} exec python3 "$(dirname "$0")/bench.py" "$@"
