#!/usr/bin/env bash
# build_test.sh SRC OPT DIR -- the one place an integration program is compiled:
# DIR/native (the native compiler, -fopenmp) and DIR/tool (the ompracer wrapper), both
# -g OPT. ctest runs it once per program and level, as a fixture whose runs take the
# binaries through run_test.sh's PREBUILT=DIR (CMakeLists.txt); run_test.sh without
# PREBUILT and matrix/run_matrix.sh call it themselves. Environment as run_test.sh's:
# OMPRACER_BIN, NATIVE_CC, NATIVE_CXX.
set -u -o pipefail
[ $# -eq 3 ] || {
  echo "usage: $0 SRC OPT DIR (e.g. $0 race_x.c -O2 build/it/race_x.c/O2)" >&2
  exit 2
}
SRC=$1
OPT=$2
DIR=$3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
OMPRACER_BIN=${OMPRACER_BIN:-$repo/build/bin}
case "$SRC" in
  *.cpp) native_cc=${NATIVE_CXX:-clang++-19} tool_cc=$OMPRACER_BIN/ompracer-clang++ ;;
  *) native_cc=${NATIVE_CC:-clang-19} tool_cc=$OMPRACER_BIN/ompracer-clang ;;
esac
rm -rf "$DIR"
mkdir -p "$DIR" || exit 1
build() { # build LABEL COMMAND...: runs the compiler, shows its output on failure
  local label=$1
  shift
  if ! "$@" >"$DIR/$label.cc.log" 2>&1; then
    sed 's/^/    /' "$DIR/$label.cc.log" >&2
    echo "FAIL: [$(basename "$SRC") $OPT] $label compile failed: $*" >&2
    exit 1
  fi
}
build native "$native_cc" -fopenmp -g $OPT "$SRC" -o "$DIR/native"
build tool "$tool_cc" -g $OPT "$SRC" -o "$DIR/tool"
