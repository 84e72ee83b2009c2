#!/usr/bin/env bash
# run_matrix.sh SRC OPT: the schedule-independence matrix for one program at one
# optimisation level. Builds SRC once (natively and with the tool), then checks it with
# run_test.sh (same CHECK lines, exit code and stdout rules) at OMP_NUM_THREADS 2, 3
# and 8 under OMP_SCHEDULE static (one chunk a thread), static,1, dynamic,4, guided and
# static,1000000 (every iteration on one thread). Fails if any of the fifteen runs
# fails. Environment: as for run_test.sh.
set -uo pipefail
SRC=$1
OPT=$2
here=$(cd "$(dirname "$0")/.." && pwd)
: "${OMPRACER_BIN:=$here/../../build/bin}"
: "${NATIVE_CC:=clang-19}"
build=$(mktemp -d "${TMPDIR:-/tmp}/ompracer-matrix.XXXXXX") || exit 1
trap 'rm -rf "$build"' EXIT
OMPRACER_BIN=$OMPRACER_BIN NATIVE_CC=$NATIVE_CC "$here/build_test.sh" "$SRC" "$OPT" "$build" || exit 1
failed=0
for threads in 2 3 8; do
  for schedule in static static,1 dynamic,4 guided static,1000000; do
    PREBUILT=$build OMP_SCHEDULE=$schedule OMPRACER_BIN=$OMPRACER_BIN \
      bash "$here/run_test.sh" "$SRC" "$OPT" "$threads" fast || failed=1
  done
done
exit $failed
