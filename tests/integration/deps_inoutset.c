// deps_inoutset.c -- inoutset members run in parallel; a later `in` waits for all of them.
//
// A producer (depend(out: set)) initialises part[]. Four tasks with
// depend(inoutset: set) each write their own element part[i]: they are ordered
// after the producer but not with each other (they touch different elements: no
// conflict). A task with depend(in: set) then reads every element: an `in` after
// an inoutset group waits for every member. No race in either mode.
//
// MODES: fast precise
// EXPECT: norace
// VERDICT: fast
// CHECK-NOT: ==ompracer==
// PRECISE-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int set;
int part[4];
int sum;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: set)
    for (int i = 0; i < 4; i++)
      part[i] = 1;
    for (int i = 0; i < 4; i++) {
#pragma omp task depend(inoutset: set) firstprivate(i)
      part[i] = part[i] + 10 * i;
    }
#pragma omp task depend(in: set)
    sum = part[0] + part[1] + part[2] + part[3];
#pragma omp taskwait
  }
  printf("sum=%d\n", sum);
  return 0;
}
