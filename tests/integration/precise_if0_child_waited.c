// precise_if0_child_waited.c -- the race-free counterpart of precise_if0_child_race.c:
// the undeferred task U waits for its child C (taskwait inside U), so C's write of
// `x` is ordered before the single's write after U; and a second undeferred task V
// creates no task at all. No race in either mode.
//
// MODES: fast precise
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>

int x, v_val;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task if(0)
    {
#pragma omp task
      x = 1;
#pragma omp taskwait
    }
    x = 2;
#pragma omp task if(0)
    v_val = x + 1;
    x = v_val;
  }
  printf("x=%d\n", x);
  return 0;
}
