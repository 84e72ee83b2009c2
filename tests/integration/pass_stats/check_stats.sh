#!/usr/bin/env bash
# check_stats.sh SRC [CLANG FLAGS...] -- checks the pass's OMPRACER_PASS_STATS output.
#
# Compiles SRC (-c) with the ompracer wrapper, OMPRACER_PASS_STATS=1 and the given
# flags, and runs FileCheck over what the compiler printed on stderr with SRC's own
# CHECK lines. Environment: OMPRACER_BIN (default <repo>/build/bin), FILECHECK
# (default /usr/lib/llvm-19/bin/FileCheck).
set -uo pipefail
[ $# -ge 1 ] || {
  echo "usage: $0 SRC [FLAGS...]" >&2
  exit 2
}
src=$1
shift
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OMPRACER_BIN=${OMPRACER_BIN:-$here/../../../build/bin}
FILECHECK=${FILECHECK:-/usr/lib/llvm-19/bin/FileCheck}
case "$src" in
  *.cpp) cc="$OMPRACER_BIN/ompracer-clang++" ;;
  *) cc="$OMPRACER_BIN/ompracer-clang" ;;
esac
out=$(mktemp -d "${TMPDIR:-/tmp}/ompracer-stats.XXXXXX")
trap 'rm -rf "$out"' EXIT
if ! OMPRACER_PASS_STATS=1 "$cc" "$@" -c "$src" -o "$out/prog.o" 2>"$out/err"; then
  sed 's/^/    /' "$out/err" | head -40
  echo "FAIL: [$(basename "$src") $*] compiling with the pass failed"
  exit 1
fi
if ! "$FILECHECK" --input-file="$out/err" "$src"; then
  echo "FAIL: [$(basename "$src") $*] the pass statistics do not match the CHECK lines"
  exit 1
fi
echo "PASS: [$(basename "$src") $*] pass statistics as expected"
