// deps_after_taskwait_depend_race.c -- after `taskwait depend`, only a task's own
// depend clauses order it after its earlier siblings.
//
// Two sibling tasks write `x` (depend(out: x)) and `y` (depend(out: y)).
// `#pragma omp taskwait depend(in: y)` waits for the writer of `y` only. Of the
// two tasks created after it, the one with depend(in: x) is ordered after the writer
// of `x`; the one with depend(in: y) is not (the writer of `x` may still be running),
// so its read of `x` races with the write: one write/read report, in both modes
// (taskwaits fully nested, no mutual exclusion: fast mode prints no warning).
//
// MODES: fast precise
// EXPECT: race
// VERDICT: fast
#include <omp.h>
#include <stdio.h>

int x, y;
int good_seen, bad_seen;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: x)
    x = 42;
#pragma omp task depend(out: y)
    y = 7;
#pragma omp taskwait depend(in: y)
#pragma omp task depend(in: x)
    good_seen = x;
#pragma omp task depend(in: y)
    bad_seen = x + y;
#pragma omp taskwait
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}deps_after_taskwait_depend_race.c:[[@LINE-11]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}deps_after_taskwait_depend_race.c:[[@LINE-12]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}deps_after_taskwait_depend_race.c:[[@LINE-5]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}deps_after_taskwait_depend_race.c:[[@LINE-6]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}deps_after_taskwait_depend_race.c:[[@LINE-21]]
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}deps_after_taskwait_depend_race.c:[[@LINE-15]] and {{(.*/)?}}deps_after_taskwait_depend_race.c:[[@LINE-8]] with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("good_seen=%d y=%d x=%d\n", good_seen, y, x);
  return 0;
}
