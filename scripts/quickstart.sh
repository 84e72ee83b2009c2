#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to a race report: installs what is
# missing, builds ompracer, compiles the bundled example with it and runs it.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
"$repo/scripts/install-deps.sh"
"$repo/scripts/build.sh"

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo
echo "\$ build/bin/ompracer-clang -g examples/race_example.c -o race_example"
"$repo/build/bin/ompracer-clang" -g "$repo/examples/race_example.c" -o "$out/race_example"
echo "\$ OMP_NUM_THREADS=2 ./race_example"
status=0
OMP_NUM_THREADS=2 "$out/race_example" || status=$?
echo
if [ "$status" -eq 66 ]; then
  echo "ompracer reported the race above (exit code 66 means: races were found)."
  exit 0
fi
echo "unexpected exit code $status from the example (expected 66: a race report)" >&2
exit 1
