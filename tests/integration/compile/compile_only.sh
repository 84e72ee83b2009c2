#!/usr/bin/env bash
# compile_only.sh SRC OPT [-g]: compiles SRC with the ompracer wrapper (-c) and clang's
# IR verifier on (-fverify-intermediate-code); fails if clang fails or crashes.
set -uo pipefail
src=$1
shift
: "${OMPRACER_BIN:?set OMPRACER_BIN to the bin directory of a build}"
case "$src" in
  *.cpp) cc="$OMPRACER_BIN/ompracer-clang++" ;;
  *) cc="$OMPRACER_BIN/ompracer-clang" ;;
esac
out=$(mktemp -d "${TMPDIR:-/tmp}/ompracer-compile.XXXXXX")
trap 'rm -rf "$out"' EXIT
if ! "$cc" -fverify-intermediate-code "$@" -c "$src" -o "$out/prog.o" 2>"$out/err"; then
  sed 's/^/    /' "$out/err" | head -40
  echo "FAIL: [$(basename "$src") $*] compiling with the pass failed"
  exit 1
fi
echo "PASS: [$(basename "$src") $*] compiles, IR verified"
