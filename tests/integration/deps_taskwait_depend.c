// deps_taskwait_depend.c -- `taskwait depend(in: x)` orders the continuation after x's writer.
//
// Two sibling tasks: one writes `x` (depend(out: x)), the other writes `y`
// (depend(out: y)). `#pragma omp taskwait depend(in: x)` waits only for the tasks
// `x` depends on, so the following read of `x` is ordered after its writer: no
// race. `y` is read only after a full taskwait. No race in either mode.
//
// MODES: fast precise
// EXPECT: norace
// VERDICT: fast
// CHECK-NOT: ==ompracer==
// PRECISE-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int x, y;
int seen_x, seen_y;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: x)
    x = 42;
#pragma omp task depend(out: y)
    y = 7;
#pragma omp taskwait depend(in: x)
    seen_x = x;
#pragma omp taskwait
    seen_y = y;
  }
  printf("seen_x=%d seen_y=%d\n", seen_x, seen_y);
  return 0;
}
