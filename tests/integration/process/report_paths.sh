#!/usr/bin/env bash
# report_paths.sh -- report paths name files that exist, wherever the program was
# compiled from and wherever it runs.
#
# An out-of-source build compiles ../src/p.c from build/ (and finds a header through
# -I../include); the program then runs from another directory. Every path in the
# reports (the accesses and the constructs) must be absolute and name an existing
# file: clang's debug info keeps the name as given and the compilation directory
# apart, and the pass joins them. A file compiled as ./q.c is named without "./".
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

mkdir -p "$tmp/proj/src" "$tmp/proj/include" "$tmp/proj/build" "$tmp/elsewhere"
cat >"$tmp/proj/include/shared.h" <<'EOF'
static inline void set_shared(int *p, int v) {
  *p = v;
}
EOF
cat >"$tmp/proj/src/p.c" <<'EOF'
#include <omp.h>
#include <stdio.h>
#include "shared.h"
int x, y;
int main(void) {
#pragma omp parallel num_threads(2)
  {
    x = omp_get_num_threads();
    set_shared(&y, 1);
  }
  printf("%d %d\n", x, y);
  return 0;
}
EOF
(cd "$tmp/proj/build" && "$OMPRACER_BIN/ompracer-clang" -g -O0 -I../include ../src/p.c -o p) \
  >"$tmp/cc.log" 2>&1 || {
  show "$tmp/cc.log"
  echo "FAIL: cannot compile ../src/p.c"
  exit 1
}
(cd "$tmp/elsewhere" && OMP_NUM_THREADS=2 timeout -k 5 60 ../proj/build/p >/dev/null 2>"$tmp/err" </dev/null)
rc=$?
check "out-of-source build: exit code 66 (got $rc)" [ "$rc" = 66 ]
check "out-of-source build: two races reported" [ "$(grep -c 'WARNING: data race' "$tmp/err")" = 2 ]
# Every "at PATH:LINE" of the reports.
sed -n 's/.* at \([^ ]*\):[0-9][0-9]*:[0-9][0-9]* in .*(.* at \([^ ]*\):[0-9][0-9]*)$/\1\n\2/p' \
  "$tmp/err" | sort -u >"$tmp/paths"
check "out-of-source build: paths found in the reports" [ -s "$tmp/paths" ]
check "out-of-source build: the header is named" grep -q 'shared\.h$' "$tmp/paths"
while read -r path; do
  check "out-of-source build: '$path' is absolute" [ "${path#/}" != "$path" ]
  check "out-of-source build: '$path' exists (from $tmp/elsewhere)" \
    bash -c 'cd "$1" && [ -f "$2" ]' _ "$tmp/elsewhere" "$path"
done <"$tmp/paths"
grep -q '==ompracer==' "$tmp/err" || show "$tmp/err"

# ./q.c from its own directory: the path is the directory's, without "./".
cp "$tmp/proj/src/p.c" "$tmp/proj/src/q.c"
(cd "$tmp/proj/src" && "$OMPRACER_BIN/ompracer-clang" -g -O0 -I../include ./q.c -o q) \
  >"$tmp/cc.log" 2>&1 || {
  show "$tmp/cc.log"
  echo "FAIL: cannot compile ./q.c"
  exit 1
}
(cd / && OMP_NUM_THREADS=2 timeout -k 5 60 "$tmp/proj/src/q" >/dev/null 2>"$tmp/err" </dev/null)
check "./q.c: reported as $tmp/proj/src/q.c" grep -qF " at $tmp/proj/src/q.c:" "$tmp/err"
check "./q.c: no './' in the paths" not grep -qF '/./' "$tmp/err"

finish
