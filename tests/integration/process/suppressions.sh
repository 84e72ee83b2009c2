#!/usr/bin/env bash
# suppressions.sh -- option suppressions=FILE (docs/report-format.md, Suppressions).
#
# One program with three races (in function setx, at a line of main, and in a file
# of its own, other.h), run with suppression files that silence them by function, by
# file (name, path suffix, wildcard) and by file:line: the silenced races are not
# printed, the summary counts them (", M suppressed"), and when every race is silenced
# the exit code is the program's own. At verbosity=1 the unused suppressions are listed.
# A file that cannot be read, or holds a bad line, stops the program with exit code 64
# and one ERROR line naming the file (and the line).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

mkdir -p "$tmp/src/inc"
cat >"$tmp/src/inc/other.h" <<'EOF2'
static inline void set_z(int *p) {
  *p = 3;
}
EOF2
cat >"$tmp/src/p.c" <<'EOF2'
#include <stdio.h>
#include "inc/other.h"
int x, y, z;
static void setx(void) { x = 1; }
int main(void) {
#pragma omp parallel num_threads(2)
  {
    setx();
    y = 2;
    set_z(&z);
  }
  printf("%d %d %d\n", x, y, z);
  return 0;
}
EOF2
build "$tmp/src/p.c" "$tmp/p" -O0

run() { # run NAME OPTIONS: stderr in $tmp/NAME.err, exit code in rc
  (cd "$tmp" && OMPRACER_OPTIONS=$2 OMP_NUM_THREADS=2 timeout -k 5 60 ./p >"$tmp/$1.out" \
    2>"$tmp/$1.err" </dev/null)
  rc=$?
}
races() { grep -c 'WARNING: data race' "$tmp/$1.err"; }
supp() { # supp NAME LINE...: writes $tmp/NAME.supp
  local name=$1
  shift
  printf '%s\n' "$@" >"$tmp/$name.supp"
}

run none ""
check "no suppressions: 3 races, exit 66 (got $rc)" [ "$rc" = 66 ] && [ "$(races none)" = 3 ]

supp function '# the race in setx' '' 'race:setx'
run function suppressions=function.supp
check "race:FUNCTION: exit 66 (got $rc)" [ "$rc" = 66 ]
check "race:FUNCTION: 2 races printed" [ "$(races function)" = 2 ]
check "race:FUNCTION: setx not printed" not grep -q ' in setx ' "$tmp/function.err"
check "race:FUNCTION: summary" grep -qx '==ompracer== SUMMARY: 2 data race(s) reported, 1 suppressed' "$tmp/function.err"

supp file 'race:other.h'
run file suppressions=file.supp
check "race:FILE (name): other.h not printed" not grep -q 'other\.h:' "$tmp/file.err"
check "race:FILE (name): summary" grep -qx '==ompracer== SUMMARY: 2 data race(s) reported, 1 suppressed' "$tmp/file.err"

supp suffix 'race:src/inc/other.h' 'race:rc/inc/other.h'
run suffix suppressions=suffix.supp:verbosity=1
check "race:FILE (path suffix): summary" grep -qx '==ompracer== SUMMARY: 2 data race(s) reported, 1 suppressed' "$tmp/suffix.err"
check "race:FILE: a suffix must start at a '/' (listed unused at verbosity=1)" \
  grep -qx '==ompracer== unused suppression: race:rc/inc/other.h (suffix.supp:2)' "$tmp/suffix.err"

supp fileline "race:p.c:9"
run fileline suppressions=fileline.supp
check "race:FILE:LINE: p.c:9 not printed" not grep -q 'p\.c:9:' "$tmp/fileline.err"
check "race:FILE:LINE: summary" grep -qx '==ompracer== SUMMARY: 2 data race(s) reported, 1 suppressed' "$tmp/fileline.err"

supp all 'race:*/p.c' 'race:set_?' '   # indented comment' 'race:nowhere_*' 'race:p.c:1234'
run all suppressions=all.supp:verbosity=1
check "all suppressed (wildcards): program's exit code 0 (got $rc)" [ "$rc" = 0 ]
check "all suppressed: no race printed" [ "$(races all)" = 0 ]
check "all suppressed: summary" grep -qx '==ompracer== SUMMARY: 0 data race(s) reported, 3 suppressed' "$tmp/all.err"
check "verbosity=1: unused race:nowhere_* listed" grep -qx '==ompracer== unused suppression: race:nowhere_\* (all.supp:4)' "$tmp/all.err"
check "verbosity=1: unused race:p.c:1234 listed" grep -qx '==ompracer== unused suppression: race:p.c:1234 (all.supp:5)' "$tmp/all.err"
check "verbosity=1: used ones not listed" [ "$(grep -c 'unused suppression' "$tmp/all.err")" = 2 ]
check "the summary is the last line" sh -c "tail -n 1 '$tmp/all.err' | grep -q SUMMARY"
check "stdout unchanged" cmp -s "$tmp/none.out" "$tmp/all.out"

run quiet suppressions=all.supp
check "verbosity=0: no unused list" not grep -q 'unused suppression' "$tmp/quiet.err"

# Bad files: exit 64 before the program runs, one ERROR line naming file and line.
bad() { # bad NAME EXPECTED_ERROR_REGEX
  run "$1" "suppressions=$1.supp"
  check "$1: exit 64 (got $rc)" [ "$rc" = 64 ]
  check "$1: the program did not run" [ ! -s "$tmp/$1.out" ]
  check "$1: one line" [ "$(wc -l <"$tmp/$1.err")" = 1 ]
  check "$1: names the file and line" grep -Eq "$2" "$tmp/$1.err" || show "$tmp/$1.err"
}
supp badtype 'race:ok' 'leak:foo'
bad badtype "^==ompracer== ERROR: OMPRACER_OPTIONS: suppressions file 'badtype.supp' line 2: unknown suppression type"
supp badline '# x' 'race:p.c:'
bad badline "^==ompracer== ERROR: OMPRACER_OPTIONS: suppressions file 'badline.supp' line 2: expected a line number"
supp badempty 'race:'
bad badempty "suppressions file 'badempty.supp' line 1: empty pattern"
supp badword 'setx'
bad badword "suppressions file 'badword.supp' line 1: expected 'race:PATTERN'"
run missing suppressions=missing.supp
check "missing file: exit 64 (got $rc)" [ "$rc" = 64 ]
check "missing file: says why" grep -q "^==ompracer== ERROR: OMPRACER_OPTIONS: cannot read suppressions file 'missing.supp': No such file or directory$" "$tmp/missing.err"

finish
