// deps_after_taskwait_depend.c -- a task created after `taskwait depend` still follows
// its earlier siblings through its own depend clauses.
//
// Two sibling tasks write `x` (depend(out: x)) and `y` (depend(out: y)).
// `#pragma omp taskwait depend(in: y)` waits for the writer of `y` only; the task
// created after it declares depend(in: x), so it runs after the writer of `x` too,
// although the tool puts it under a new children group below theirs. A second round
// goes two `taskwait depend`s deep: z's writer, a task that updates z
// (depend(inout: z)) after an unrelated `taskwait depend`, and a reader of z after
// another one: a chain of dependences across three groups. No race in either mode.
//
// MODES: fast precise
// EXPECT: norace
// VERDICT: fast
// CHECK-NOT: ==ompracer==
// PRECISE-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int x, y, z, w;
int seen_x, seen_z;

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
    seen_x = x;
#pragma omp taskwait

#pragma omp task depend(out: z)
    z = 1;
#pragma omp task depend(out: w)
    w = 2;
#pragma omp taskwait depend(in: w)
#pragma omp task depend(inout: z)
    z += 10;
#pragma omp taskwait depend(in: w)
#pragma omp task depend(in: z)
    seen_z = z;
#pragma omp taskwait
  }
  printf("seen_x=%d seen_z=%d y=%d w=%d\n", seen_x, seen_z, y, w);
  return 0;
}
