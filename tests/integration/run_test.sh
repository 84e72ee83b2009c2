#!/usr/bin/env bash
# run_test.sh SRC OPT THREADS -- one ompracer integration test.
#
# Compiles SRC twice: natively (clang-19 -fopenmp -g OPT) and with the tool
# ($OMPRACER_BIN/ompracer-clang -g OPT, or ompracer-clang++ for .cpp), runs both
# with OMP_NUM_THREADS=THREADS and checks:
#   1. the tool-built program's stdout equals the native program's stdout, byte for byte;
#   2. the exit code: 66 for a program marked `// EXPECT: race`, the native exit
#      code for one marked `// EXPECT: norace`, 67 for one marked
#      `// EXPECT: incomplete` (a limit stopped the checking and no race was
#      reported; its stderr is checked like a race program's). A `// OPTIONS: k=v:...`
#      line adds those OMPRACER_OPTIONS to the tool run;
#   3. stderr: for race programs (at 2 or more threads) FileCheck runs over the
#      reports with the CHECK lines of SRC; every `==ompracer==` line must be matched
#      (--implicit-check-not). Reports of different site pairs may be printed in any
#      order, so each report block (the WARNING line and its indented lines) is sorted
#      by its access locations (file, line, column of the first access line, then of
#      the second, then the race kind) before FileCheck sees it; other `==ompracer==` lines (the SUMMARY)
#      follow in their original order. For no-race programs stderr must hold no
#      `==ompracer==` line at all (and SRC's CHECK-NOT lines are run too).
#   4. check mode, for a program with a `// VERDICT: fast` or
#      `// VERDICT: precise WHAT at LINE` line, in the THREADS=2 runs of the first
#      mode its `// MODES:` line lists (default fast): the tool-built program runs
#      once more with OMPRACER_OPTIONS=mode=check; its stdout and exit code must
#      equal the native ones, and its only `==ompracer==` line on stderr must be
#      `==ompracer== CHECK: fast (...)`, or `==ompracer== CHECK: precise (the program
#      uses WHAT at PATH:LINE)` with PATH ending in SRC's file name. WHAT is
#      `critical`, `ordered`, `an OpenMP lock`, or `task` (short for `a task that
#      ends without waiting for its child tasks (taskwaits not fully nested); the
#      task was created`); LINE is the absolute line of the first such construct
#      met at run time (critical/ordered/task directive, omp_set_lock/omp_test_lock/
#      omp_set_nest_lock call).
#
# Environment: OMPRACER_BIN (default <repo>/build/bin), FILECHECK (default
# /usr/lib/llvm-19/bin/FileCheck), NATIVE_CC / NATIVE_CXX (default clang-19 /
# clang++-19), TEST_TIMEOUT seconds per run (default 120), KEEP_TMP=1 keeps the
# temporary directory.
set -u -o pipefail

die() {
  echo "FAIL: $*" >&2
  exit 1
}

[ $# -eq 3 ] || [ $# -eq 4 ] || die "usage: $0 SRC OPT THREADS [MODE] (e.g. $0 race_x.c -O2 4 precise)"
SRC=$1
OPT=$2
THREADS=$3
MODE=${4:-fast} # OMPRACER_OPTIONS=mode=MODE for the tool run; `default`: no mode option

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
OMPRACER_BIN=${OMPRACER_BIN:-$repo/build/bin}
FILECHECK=${FILECHECK:-/usr/lib/llvm-19/bin/FileCheck}
NATIVE_CC=${NATIVE_CC:-clang-19}
NATIVE_CXX=${NATIVE_CXX:-clang++-19}
TEST_TIMEOUT=${TEST_TIMEOUT:-120}

[ -f "$SRC" ] || die "no such source file: $SRC"
SRC=$(cd "$(dirname "$SRC")" && pwd)/$(basename "$SRC")
name=$(basename "$SRC")
tag="[$name $OPT OMP_NUM_THREADS=$THREADS${OMP_SCHEDULE:+ OMP_SCHEDULE=$OMP_SCHEDULE} mode=$MODE]"

case "$THREADS" in
  '' | *[!0-9]*) die "$tag THREADS must be a positive integer" ;;
esac

case "$name" in
  *.c) tool_cc=$OMPRACER_BIN/ompracer-clang ;;
  *.cpp) tool_cc=$OMPRACER_BIN/ompracer-clang++ ;;
  *) die "$tag unknown source language (want .c or .cpp)" ;;
esac

# `// EXPECT-PRECISE: ...` (upper-case mode) overrides `// EXPECT:` in that mode, and
# the FileCheck prefix is then PRECISE when the file has PRECISE lines.
# The default mode gives precise mode's verdicts, and is checked against its lines.
MODE_UC=$(echo "$MODE" | sed 's/^default$/precise/' | tr a-z A-Z)
expect=$(sed -n "s|^// EXPECT-$MODE_UC: *\([a-z]*\).*$|\1|p" "$SRC" | head -n 1)
[ -n "$expect" ] || expect=$(sed -n 's|^// EXPECT: *\([a-z]*\).*$|\1|p' "$SRC" | head -n 1)
prefix=CHECK
if [ "$MODE" != fast ] && grep -q "// $MODE_UC\(-NEXT\|-NOT\)\?:" "$SRC"; then
  prefix=$MODE_UC
fi
case "$expect" in
  race | norace | incomplete) ;;
  *) die "$tag $SRC has no '// EXPECT: race', '// EXPECT: norace' or '// EXPECT: incomplete' line" ;;
esac
# `// OPTIONS: k=v:k=v`: more OMPRACER_OPTIONS for the tool run (after mode=MODE).
extra_options=$(sed -n 's|^// OPTIONS: *\([^ ]*\) *$|\1|p' "$SRC" | head -n 1)

# `// VERDICT: fast` / `// VERDICT: precise WHAT at LINE`: checked in the THREADS=2
# runs of the first mode of the `// MODES:` line only, not in every configuration.
verdict=$(sed -n 's|^// VERDICT: *\(.*[^ ]\) *$|\1|p' "$SRC" | head -n 1)
first_mode=$(sed -n 's|^// MODES: *\([a-z]*\).*$|\1|p' "$SRC" | head -n 1)
first_mode=${first_mode:-fast}
check_verdict=0
if [ -n "$verdict" ] && [ "$MODE" = "$first_mode" ] && [ "$THREADS" = 2 ]; then
  check_verdict=1
fi
verdict_what=
verdict_line=
case "$verdict" in
  '' | fast) ;;
  'precise '*' at '*)
    verdict_what=${verdict#precise }
    verdict_what=${verdict_what% at *}
    verdict_line=${verdict##* at }
    [ "$verdict_what" = task ] &&
      verdict_what='a task that ends without waiting for its child tasks (taskwaits not fully nested); the task was created'
    case "$verdict_line" in
      '' | *[!0-9]*) die "$tag bad VERDICT line in $SRC (LINE must be a line number): // VERDICT: $verdict" ;;
    esac
    ;;
  *) die "$tag bad VERDICT line in $SRC (want 'fast' or 'precise WHAT at LINE'): // VERDICT: $verdict" ;;
esac

[ -x "$tool_cc" ] || die "$tag tool compiler $tool_cc not found (build ompracer first, or set OMPRACER_BIN)"
[ -x "$FILECHECK" ] || command -v "$FILECHECK" >/dev/null 2>&1 ||
  die "$tag FileCheck not found at $FILECHECK (set FILECHECK)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ompracer-it.XXXXXX") || die "$tag mktemp failed"
if [ "${KEEP_TMP:-0}" = 1 ]; then
  echo "note: keeping $tmp"
else
  trap 'rm -rf "$tmp"' EXIT
fi

show() { # show FILE LABEL: print a file's content, indented, for a failure message
  echo "---- $2 ($1) ----" >&2
  if [ -s "$1" ]; then sed 's/^/    /' "$1" >&2; else echo "    <empty>" >&2; fi
}

# The tool's own settings must not leak in from the caller's environment.
unset OMPRACER_OPTIONS
case "$MODE" in
  fast | precise | default) ;;
  *) die "$tag MODE must be fast, precise or default" ;;
esac

# --- compile ---------------------------------------------------------------------
# PREBUILT=DIR: DIR/native and DIR/tool were built from SRC at OPT already, by
# build_test.sh (ctest's build fixture, the schedule matrix); else it builds them here.
if [ -z "${PREBUILT:-}" ]; then
  OMPRACER_BIN=$OMPRACER_BIN NATIVE_CC=$NATIVE_CC NATIVE_CXX=$NATIVE_CXX \
    "$here/build_test.sh" "$SRC" "$OPT" "$tmp/build" || die "$tag build failed (compiler output above)"
  PREBUILT=$tmp/build
fi
[ -x "$PREBUILT/native" ] && [ -x "$PREBUILT/tool" ] || die "$tag PREBUILT=$PREBUILT lacks native and tool"
cp "$PREBUILT/native" "$PREBUILT/tool" "$tmp/"

# --- run -------------------------------------------------------------------------
run() { # run BIN PREFIX [RUN_MODE] -> PREFIX.out PREFIX.err, sets rc
  local m=${3:-$MODE} opts
  opts=$([ "$m" = default ] && echo "$extra_options" || echo "mode=$m${extra_options:+:$extra_options}")
  (cd "$tmp" && OMPRACER_OPTIONS=$opts OMP_NUM_THREADS=$THREADS timeout -k 10 "$TEST_TIMEOUT" "$1" \
    >"$2.out" 2>"$2.err" </dev/null)
  rc=$?
}

run "$tmp/native" "$tmp/native"
native_rc=$rc
if [ "$native_rc" = 124 ] || [ "$native_rc" = 137 ]; then
  die "$tag the native program timed out after ${TEST_TIMEOUT}s"
fi
run "$tmp/tool" "$tmp/tool"
tool_rc=$rc
if [ "$tool_rc" = 124 ] || [ "$tool_rc" = 137 ]; then
  show "$tmp/tool.err" "tool stderr"
  die "$tag the tool-built program timed out after ${TEST_TIMEOUT}s (native exit code $native_rc)"
fi

fail=0
complain() {
  echo "FAIL: $tag $*" >&2
  fail=1
}

# 1. stdout must be identical.
if ! cmp -s "$tmp/native.out" "$tmp/tool.out"; then
  complain "stdout under the tool differs from the native stdout:"
  diff -u --label native "$tmp/native.out" --label ompracer "$tmp/tool.out" | sed 's/^/    /' >&2
fi

# 2. exit code.
if [ "$expect" = race ] && [ "$THREADS" -ge 2 ]; then
  [ "$tool_rc" = 66 ] || complain "exit code $tool_rc, expected 66 (race program; native exit code $native_rc)"
elif [ "$expect" = incomplete ]; then
  [ "$tool_rc" = 67 ] || complain "exit code $tool_rc, expected 67 (checking stopped early, no race reported; native exit code $native_rc)"
elif [ "$expect" = norace ]; then
  [ "$tool_rc" = "$native_rc" ] || complain "exit code $tool_rc, expected the native exit code $native_rc (no-race program)"
fi

# 3. stderr.
# Canonical form: report blocks sorted by their access locations, then the other
# ==ompracer== lines in their original order, then any other stderr lines.
canonicalize() {
  awk '
    function flush() {
      if (blk != "") { print key kind "\t" blk > blocks; blk = "" }
    }
    function loc(line,   m) {   # "...at FILE:L:C in ..." -> sortable "FILE\034LLLLLLLLLL\034CCCCCC"
      if (match(line, /at .*:[0-9]+:[0-9]+ in /)) {
        m = substr(line, RSTART + 3, RLENGTH - 7)
        n = split(m, p, ":")
        f = p[1]; for (i = 2; i <= n - 2; i++) f = f ":" p[i]
        return sprintf("%s\034%010d\034%010d", f, p[n - 1], p[n])
      }
      return line
    }
    # The kind, e.g. "(read/write)", breaks ties between blocks on the same two
    # lines, which the schedule may print in either order.
    /^==ompracer== WARNING:/ {
      flush(); blk = $0; key = ""; nacc = 0
      kind = match($0, /\([a-z]+\/[a-z]+\)/) ? substr($0, RSTART, RLENGTH) : ""
      next
    }
    /^==ompracer==   / && blk != "" {
      blk = blk "\001" $0
      if (nacc < 2) { key = key loc($0) "\035"; nacc++ }
      next
    }
    { flush() }
    /^==ompracer==/ { print > others; next }
    { print > rest }
    END { flush() }
  ' blocks="$tmp/blocks" others="$tmp/others" rest="$tmp/rest" "$1"
  touch "$tmp/blocks" "$tmp/others" "$tmp/rest"
  LC_ALL=C sort -t "$(printf '\t')" -k1,1 -s "$tmp/blocks" | cut -f2- | tr '\001' '\n'
  cat "$tmp/others" "$tmp/rest"
}

if { [ "$expect" = race ] && [ "$THREADS" -ge 2 ]; } || [ "$expect" = incomplete ]; then
  canonicalize "$tmp/tool.err" >"$tmp/tool.err.sorted"
  if ! "$FILECHECK" --check-prefix="$prefix" --implicit-check-not='==ompracer==' \
    --dump-input=never --input-file="$tmp/tool.err.sorted" "$SRC" >"$tmp/filecheck.log" 2>&1; then
    complain "the race reports do not match the CHECK lines of $name"
    show "$tmp/filecheck.log" "FileCheck"
    show "$tmp/tool.err.sorted" "tool stderr, report blocks sorted"
  fi
elif [ "$expect" = norace ]; then
  if grep -q '==ompracer==' "$tmp/tool.err"; then
    complain "no-race program, but the tool printed:"
    grep '==ompracer==' "$tmp/tool.err" | sed 's/^/    /' >&2
  fi
  canonicalize "$tmp/tool.err" >"$tmp/tool.err.sorted"
  if ! "$FILECHECK" --check-prefix="$prefix" --allow-empty --dump-input=never \
    --input-file="$tmp/tool.err.sorted" "$SRC" >"$tmp/filecheck.log" 2>&1; then
    complain "stderr does not match the CHECK-NOT lines of $name"
    show "$tmp/filecheck.log" "FileCheck"
  fi
fi

# 4. check mode: the verdict line, the program's own stdout and exit code.
if [ "$check_verdict" = 1 ]; then
  ctag="$tag (mode=check)"
  run "$tmp/tool" "$tmp/check" check
  check_rc=$rc
  grep '==ompracer==' "$tmp/check.err" >"$tmp/check.lines"
  if [ "$check_rc" = 124 ] || [ "$check_rc" = 137 ]; then
    echo "FAIL: $ctag the tool-built program timed out after ${TEST_TIMEOUT}s in check mode" >&2
    fail=1
  else
    if ! cmp -s "$tmp/native.out" "$tmp/check.out"; then
      echo "FAIL: $ctag stdout in check mode differs from the native stdout:" >&2
      diff -u --label native "$tmp/native.out" --label check "$tmp/check.out" | sed 's/^/    /' >&2
      fail=1
    fi
    if [ "$check_rc" != "$native_rc" ]; then
      echo "FAIL: $ctag exit code $check_rc in check mode, expected the native exit code $native_rc" >&2
      fail=1
    fi
    got=$(cat "$tmp/check.lines")
    ok=0
    if [ -z "$verdict_what" ]; then
      want='==ompracer== CHECK: fast (taskwaits are fully nested and there is no mutual exclusion)'
      [ "$got" = "$want" ] && ok=1
    else
      pre="==ompracer== CHECK: precise (the program uses $verdict_what at "
      post=":$verdict_line)"
      want="$pre{{(.*/)?}}$name$post"
      if [ "$(wc -l <"$tmp/check.lines")" = 1 ] && [[ $got == "$pre"*"$post" ]]; then
        path=${got#"$pre"}
        path=${path%"$post"}
        [[ $path == "$name" || $path == *"/$name" ]] && ok=1
      fi
    fi
    if [ "$ok" != 1 ]; then
      echo "FAIL: $ctag the check-mode verdict does not match // VERDICT: $verdict" >&2
      echo "    expected exactly: $want" >&2
      show "$tmp/check.lines" "check-mode ==ompracer== lines"
      show "$tmp/check.err" "check-mode stderr (raw)"
      fail=1
    fi
  fi
fi

if [ "$fail" != 0 ]; then
  show "$tmp/tool.err" "tool stderr (raw)"
  echo "reproduce: OMPRACER_BIN=$OMPRACER_BIN $0 $SRC $OPT $THREADS $MODE   (KEEP_TMP=1 keeps the binaries)" >&2
  exit 1
fi
if [ "$check_verdict" = 1 ]; then
  echo "PASS: $tag ($expect, exit code $tool_rc; check mode: $verdict)"
else
  echo "PASS: $tag ($expect, exit code $tool_rc)"
fi
exit 0
