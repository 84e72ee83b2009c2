#!/usr/bin/env bash
# auto_mode.sh -- checks `mode=check`, the default mode and `ompracer-run --mode=auto`
# on four programs.
#
# Builds four integration programs with $OMPRACER_BIN/ompracer-clang and checks:
#   1. OMPRACER_OPTIONS=mode=check prints exactly one ==ompracer== line, the expected
#      verdict (`CHECK: fast (...)` or `CHECK: precise (the program uses ... at F:L)`),
#      no race report, and keeps the program's exit code (0);
#   2. the default mode (no OMPRACER_OPTIONS) and `ompracer-run --mode=auto -- ./prog`
#      (its alias) each run the program once and behave like mode=precise: same
#      stdout, same ==ompracer== lines (no fast-mode warning), the expected races and
#      exit code (66 with races, 0 without), whatever the check-mode verdict.
# Programs:
#   precise_fig2_10a_taskwait_nested.c   fully nested, no mutual exclusion -> fast, no race
#   deps_missing.c                       fully nested, no mutual exclusion -> fast, 1 race
#   precise_critical_same_name.c         critical -> precise (first critical's line), no race
#   precise_fig2_10c_taskwait_not_nested.c  a task that does not wait for its child ->
#                                        precise (that task's creation line), 1 race
#                                        (fast mode would miss it)
# Prints `FAIL: ...` and exits 1 on any mismatch; `PASS: auto_mode` and exit 0 otherwise.
#
# Environment: OMPRACER_BIN (default <repo>/build/bin), OMP_NUM_THREADS (default 4),
# TEST_TIMEOUT seconds per run (default 120), KEEP_TMP=1 keeps the temporary directory.
set -u -o pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
OMPRACER_BIN=${OMPRACER_BIN:-$repo/build/bin}
TEST_TIMEOUT=${TEST_TIMEOUT:-120}
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-4}
unset OMPRACER_OPTIONS

fails=0
fail() {
  echo "FAIL: auto_mode: $*" >&2
  fails=$((fails + 1))
}
die() {
  echo "FAIL: auto_mode: $*" >&2
  exit 1
}

cc=$OMPRACER_BIN/ompracer-clang
runner=$OMPRACER_BIN/ompracer-run
[ -x "$cc" ] || die "tool compiler $cc not found (build ompracer first, or set OMPRACER_BIN)"
[ -x "$runner" ] || die "$runner not found (build ompracer first, or set OMPRACER_BIN)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ompracer-auto.XXXXXX") || die "mktemp failed"
if [ "${KEEP_TMP:-0}" = 1 ]; then
  echo "note: keeping $tmp"
else
  trap 'rm -rf "$tmp"' EXIT
fi

# first_line SRC REGEX: the number of the first line of SRC matching REGEX.
first_line() { grep -n -m1 -E "$2" "$1" | cut -d: -f1; }

# strip_dirs: the path the tool prints is the one the compiler recorded (relative or
# absolute, depending on the working directory); keep only the file name.
strip_dirs() { sed -E 's#[^ (]*/([^/ ()]+\.c)#\1#g'; }

# show FILE LABEL
show() {
  echo "---- $2 ----" >&2
  if [ -s "$1" ]; then sed 's/^/    /' "$1" >&2; else echo "    <empty>" >&2; fi
}

# check_prog NAME VERDICT EXPECTED_RC EXPECTED_RACES [RACE_LINE_REGEX]
#   VERDICT: the text after `CHECK: `, with file names only.
#   EXPECTED_RACES: number of race reports in precise (and so the default) mode.
#   RACE_LINE_REGEX: extended regex each race's access lines must match together.
check_prog() {
  local name=$1 verdict=$2 want_rc=$3 want_races=$4 race_re=${5:-}
  local src=$here/$name exe=$tmp/${name%.c} rc
  echo "== $name: expect $verdict"
  if ! "$cc" -g -O0 "$src" -o "$exe" >"$exe.cc.log" 2>&1; then
    show "$exe.cc.log" "compiler output"
    fail "$name: compile failed: $cc -g -O0 $src"
    return
  fi

  # 1. check mode: only the verdict, at exit; the program's own exit code.
  (cd "$tmp" && OMPRACER_OPTIONS=mode=check timeout -k 10 "$TEST_TIMEOUT" "$exe" \
    >"$exe.check.out" 2>"$exe.check.err" </dev/null)
  rc=$?
  grep '==ompracer==' "$exe.check.err" | strip_dirs >"$exe.check.lines"
  printf '==ompracer== CHECK: %s\n' "$verdict" >"$exe.check.want"
  if ! cmp -s "$exe.check.lines" "$exe.check.want"; then
    fail "$name: mode=check printed other ==ompracer== lines than the expected verdict"
    show "$exe.check.want" "expected"
    show "$exe.check.err" "mode=check stderr"
  fi
  [ "$rc" = 0 ] || fail "$name: mode=check exit code $rc, expected 0 (the program's own)"

  # The default mode (no OMPRACER_OPTIONS) and `ompracer-run --mode=auto` (its alias):
  # one run each, with precise mode's verdicts, reports and exit code.
  (cd "$tmp" && OMPRACER_OPTIONS=mode=precise timeout -k 10 "$TEST_TIMEOUT" "$exe" \
    >"$exe.precise.out" 2>"$exe.precise.err" </dev/null)
  local precise_rc=$?
  [ "$precise_rc" = "$want_rc" ] || fail "$name: mode=precise exit code $precise_rc, expected $want_rc"
  grep '==ompracer==' "$exe.precise.err" | sed 's/ at 0x[0-9a-f]*$//' | LC_ALL=C sort \
    >"$exe.precise.reports"
  local how
  for how in default auto; do
    if [ "$how" = default ]; then
      (cd "$tmp" && timeout -k 10 "$TEST_TIMEOUT" "$exe" \
        >"$exe.$how.out" 2>"$exe.$how.err" </dev/null)
    else
      (cd "$tmp" && timeout -k 10 "$TEST_TIMEOUT" "$runner" --mode=auto -- "$exe" \
        >"$exe.$how.out" 2>"$exe.$how.err" </dev/null)
    fi
    rc=$?
    [ "$rc" = "$want_rc" ] || fail "$name: $how mode exit code $rc, expected $want_rc"
    if ! cmp -s "$exe.$how.out" "$exe.precise.out"; then
      fail "$name: $how-mode stdout differs from the stdout of a mode=precise run"
      show "$exe.precise.out" "mode=precise stdout"
      show "$exe.$how.out" "$how-mode stdout"
    fi
    grep '==ompracer==' "$exe.$how.err" | sed 's/ at 0x[0-9a-f]*$//' | LC_ALL=C sort \
      >"$exe.$how.reports"
    if ! cmp -s "$exe.$how.reports" "$exe.precise.reports"; then
      fail "$name: $how mode printed other ==ompracer== lines than a mode=precise run"
      show "$exe.precise.err" "mode=precise stderr"
      show "$exe.$how.err" "$how-mode stderr"
    fi
    local races
    races=$(grep -c '==ompracer== WARNING: data race' "$exe.$how.err")
    [ "$races" = "$want_races" ] || fail "$name: $how mode reported $races race(s), expected $want_races"
    if [ -n "$race_re" ] && ! grep -A2 '==ompracer== WARNING: data race' "$exe.$how.err" |
      tr '\n' ' ' | grep -q -E "$race_re"; then
      fail "$name: the race report of $how mode does not match /$race_re/"
      show "$exe.$how.err" "$how-mode stderr"
    fi
    if grep -q 'fast mode may' "$exe.$how.err"; then
      fail "$name: $how mode printed a fast-mode warning"
    fi
  done
}

fast_verdict='fast (taskwaits are fully nested and there is no mutual exclusion)'

check_prog precise_fig2_10a_taskwait_nested.c "$fast_verdict" 0 0

src=$here/deps_missing.c
w=$(first_line "$src" '^    x = 42;')
r=$(first_line "$src" '^    bad_seen = x;')
check_prog deps_missing.c "$fast_verdict" 66 1 \
  "write at [^ ]*deps_missing.c:$w:[0-9]+ .* read at [^ ]*deps_missing.c:$r:[0-9]+ "

src=$here/precise_critical_same_name.c
crit=$(first_line "$src" '^#pragma omp critical')
check_prog precise_critical_same_name.c "precise (the program uses critical at precise_critical_same_name.c:$crit)" 0 0

src=$here/precise_fig2_10c_taskwait_not_nested.c
task=$(first_line "$src" '^#pragma omp task')
w=$(first_line "$src" '^      shared_x = 42;')
r=$(first_line "$src" '^    d_seen = shared_x;')
check_prog precise_fig2_10c_taskwait_not_nested.c \
  "precise (the program uses a task that ends without waiting for its child tasks (taskwaits not fully nested); the task was created at precise_fig2_10c_taskwait_not_nested.c:$task)" \
  66 1 "write at [^ ]*precise_fig2_10c_taskwait_not_nested.c:$w:[0-9]+ .* read at [^ ]*precise_fig2_10c_taskwait_not_nested.c:$r:[0-9]+ "

if [ "$fails" != 0 ]; then
  echo "FAIL: auto_mode: $fails check(s) failed (OMPRACER_BIN=$OMPRACER_BIN OMP_NUM_THREADS=$OMP_NUM_THREADS)" >&2
  exit 1
fi
echo "PASS: auto_mode"
exit 0
