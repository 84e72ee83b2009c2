// precise_fig2_10a_taskwait_nested.c -- seed Figure 2.10(a): fully nested taskwaits.
//
// task T { A; task B { ... }; taskwait; C } ; taskwait; D. T waits for its child
// B before it ends, and the outer taskwait waits for T, so B is ordered before C
// and before D. B writes `shared_x`; C and D read it; A writes `a_val`, which B
// reads (B is created after A). Every conflicting pair is ordered: no race, in
// either mode (no fast-mode warning either: every task waits for its children).
//
// MODES: fast precise
// EXPECT: norace
// VERDICT: fast
// CHECK-NOT: ==ompracer==
// PRECISE-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int shared_x;
int a_val;
int c_seen, d_seen;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    {
      a_val = 1;
#pragma omp task
      shared_x = 41 + a_val;
#pragma omp taskwait
      c_seen = shared_x;
    }
#pragma omp taskwait
    d_seen = shared_x;
  }
  printf("c_seen=%d d_seen=%d\n", c_seen, d_seen);
  return 0;
}
