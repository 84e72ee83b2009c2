// deps_taskgroup_siblings.c -- a task created inside a taskgroup is a sibling of the
// tasks its creator made before the taskgroup, so their depend clauses order them.
//
// The single's task writes `x` (depend(out: x)), then opens a taskgroup and creates a
// reader of `x` (depend(in: x)) inside it: the reader runs after the writer, although
// the tool puts it under a group below the writer's. A third task, also in
// the taskgroup, writes `y` only. No race in either mode.
//
// MODES: fast precise
// EXPECT: norace
// VERDICT: fast
// CHECK-NOT: ==ompracer==
// PRECISE-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int x, y;
int seen_x;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: x)
    x = 42;
#pragma omp taskgroup
    {
#pragma omp task depend(in: x)
      seen_x = x;
#pragma omp task
      y = 7;
    }
#pragma omp taskwait
  }
  printf("seen_x=%d y=%d\n", seen_x, y);
  return 0;
}
