// deps_wrong_in_in.c -- depend(in) on both sides does not order a write.
//
// Two sibling tasks both declare depend(in: x): in/in dependences do not order
// tasks (readers may run in parallel). But the first task writes `x`, and the
// second reads it: logically parallel, one write/read report, in both modes. A
// third task with depend(inout: x) waits for both and is ordered after them (its
// update of `x` does not race).
//
// MODES: fast precise
// EXPECT: race
// VERDICT: fast
#include <omp.h>
#include <stdio.h>

int x;
int seen;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(in: x)
    x = 42;
#pragma omp task depend(in: x)
    seen = x;
#pragma omp task depend(inout: x)
    x = x + 1;
#pragma omp taskwait
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}deps_wrong_in_in.c:[[@LINE-8]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}deps_wrong_in_in.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}deps_wrong_in_in.c:[[@LINE-7]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}deps_wrong_in_in.c:[[@LINE-8]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}deps_wrong_in_in.c:[[@LINE-18]]
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}deps_wrong_in_in.c:[[@LINE-12]] and {{(.*/)?}}deps_wrong_in_in.c:[[@LINE-10]] with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("x=%d\n", x);
  return 0;
}
