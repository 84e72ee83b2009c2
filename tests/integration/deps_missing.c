// deps_missing.c -- a consumer task without a dependence races with the producer.
//
// The producer task (depend(out: x)) writes `x`. One consumer declares
// depend(in: x): the dependence orders it after the producer, no race. The other
// consumer has no depend clause at all: it is logically parallel with the
// producer (siblings, before the taskwait), so its read of `x` races with the
// write: one write/read report, in both modes (taskwaits fully nested, no mutual
// exclusion: fast mode prints no warning).
//
// MODES: fast precise
// EXPECT: race
// VERDICT: fast
#include <omp.h>
#include <stdio.h>

int x;
int good_seen, bad_seen;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: x)
    x = 42;
#pragma omp task depend(in: x)
    good_seen = x;
#pragma omp task
    bad_seen = x;
#pragma omp taskwait
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}deps_missing.c:[[@LINE-8]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}deps_missing.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}deps_missing.c:[[@LINE-5]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}deps_missing.c:[[@LINE-6]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}deps_missing.c:[[@LINE-18]]
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}deps_missing.c:[[@LINE-12]] and {{(.*/)?}}deps_missing.c:[[@LINE-8]] with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("good_seen=%d x=%d\n", good_seen, x);
  return 0;
}
