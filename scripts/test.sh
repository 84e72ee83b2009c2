#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to the whole test suite: installs what
# is missing, builds ompracer, and runs every test (unit, integration, scoring) with
# ctest. Extra arguments go to ctest (e.g. -L unit, -R task).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
"$repo/scripts/install-deps.sh"
"$repo/scripts/build.sh"
cd "$repo/build"
status=0
ctest --output-on-failure -j"$(nproc)" "$@" || status=$?
if [ "$status" -ne 0 ]; then
  # A log keeps only its tail: repeat each failed test's output there (the FAIL
  # lines name the program, its flags and what did not match).
  echo "=== output of the failed tests (from build/Testing/Temporary/LastTest.log) ==="
  awk '/^[0-9]+\/[0-9]+ Test: /{name=$3; n=0; delete buf}
       /^Output:/{keep=1; next} /^<end of output>/{keep=0}
       keep && n < 30 && $0 !~ /^ *[0-9]+: |^(next|check|not|dag|empty):/ {buf[n++]=$0}
       /^Test Failed/{print "--- " name; for (i=0;i<n;i++) print buf[i]}' \
    Testing/Temporary/LastTest.log
  exit "$status"
fi
