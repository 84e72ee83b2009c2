#!/usr/bin/env bash
# exit_reports.sh -- the program ends while other threads are still finding races.
#
# 1. exit(3) from one thread of a parallel region, once two of the three others have
#    run all of 3000 racy statements (so a race was reported, however loaded the
#    machine), while they keep running them (each a new pair of sites, so new
#    reports keep coming): the summary must be the last line the tool prints and count exactly
#    the reports printed above it, and the exit code must be 66.
# 2. abort() from one thread of a parallel region after a race was reported: the
#    process dies of SIGABRT (no summary can be printed), without hanging, and the
#    report is on stderr.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# 1. exit() during a storm of reports.
{
  cat <<'EOF'
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
int v[3000];
int passed[4]; /* relaxed atomics: they order nothing, so the writes still race */
int main(void) {
#pragma omp parallel num_threads(4)
  {
    int t = omp_get_thread_num();
    if (t == 0) {
      /* Once threads 1 and 2 have both written every v[k], a race was reported,
       * however loaded the machine; exit while the others keep reporting. */
      while (!__atomic_load_n(&passed[1], __ATOMIC_RELAXED) ||
             !__atomic_load_n(&passed[2], __ATOMIC_RELAXED))
        usleep(1000);
      exit(3);
    }
    for (;;) {
EOF
  for k in $(seq 0 2999); do echo "      v[$k] = t;"; done
  cat <<'EOF'
      __atomic_store_n(&passed[t], 1, __ATOMIC_RELAXED);
    }
  }
  return 0;
}
EOF
} >"$tmp/storm.c"
build "$tmp/storm.c" "$tmp/storm" -O0

for mode in fast precise; do
  for round in 1 2 3 4 5; do
    OMPRACER_OPTIONS=mode=$mode timeout -k 5 60 "$tmp/storm" >/dev/null 2>"$tmp/err" </dev/null
    rc=$?
    what="exit() during reports ($mode mode, run $round)"
    printed=$(grep -c '^==ompracer== WARNING: data race' "$tmp/err")
    summary=$(grep '^==ompracer== SUMMARY:' "$tmp/err")
    last=$(grep '^==ompracer==' "$tmp/err" | tail -n 1)
    check "$what: exit code 66 (got $rc)" [ "$rc" = 66 ]
    check "$what: one summary" [ "$(grep -c '^==ompracer== SUMMARY:' "$tmp/err")" = 1 ]
    check "$what: the summary is the last line ($last)" [ "$last" = "$summary" ]
    check "$what: the summary counts the $printed reports printed ($summary)" \
      [ "$summary" = "==ompracer== SUMMARY: $printed data race(s) reported" ]
  done
done

# 2. abort() after a race.
cat >"$tmp/abort.c" <<'EOF'
#include <omp.h>
#include <stdlib.h>
#include <sys/resource.h>
int x;
int a[4096];
int main(void) {
  struct rlimit no_core = {0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
#pragma omp parallel num_threads(4)
  {
    x = 1;
#pragma omp barrier
    int t = omp_get_thread_num();
    if (t == 1)
      abort();
    for (int r = 0; r < 200; r++)
      for (int i = t; i < 4096; i += 4)
        a[i] += r;
  }
  return 0;
}
EOF
build "$tmp/abort.c" "$tmp/abort" -O0
for mode in fast precise; do
  # (the subshell keeps bash's "Aborted" note out of the test's output)
  rc=$( (
    OMPRACER_OPTIONS=mode=$mode timeout -k 5 60 "$tmp/abort" >/dev/null 2>"$tmp/err" </dev/null
    echo $?
  ) 2>/dev/null)
  check "abort() after a race ($mode mode): killed by SIGABRT, exit status 134 (got $rc)" [ "$rc" = 134 ]
  check "abort() after a race ($mode mode): the race was reported" \
    grep -q '^==ompracer== WARNING: data race (write/write)' "$tmp/err"
  check "abort() after a race ($mode mode): no summary" not grep -q 'SUMMARY' "$tmp/err"
done

finish
