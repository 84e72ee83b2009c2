// precise_if0_child_race.c -- an undeferred task's child is not ordered before the
// creator's continuation.
//
// The single creates task U with if(0): U's own code runs to its end before the
// single goes on. But U creates child C and ends without waiting for it, so C may
// still run when the single writes `x` after U: C's write and the single's write
// race (write/write). U's own write of `u_val` is ordered before the single's read of
// it. Fast mode reads the undeferred task as waiting for its whole subtree and misses
// the race (it warns that it may miss races), so the program runs in precise mode.
//
// MODES: precise
// EXPECT: race
// VERDICT: precise task at 22
#include <stdio.h>

int x, u_val, seen;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task if(0)
    {
#pragma omp task
      x = 1;
      u_val = 5;
    }
    x = 2;
    seen = u_val;
#pragma omp taskwait
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_if0_child_race.c:[[@LINE-8]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}precise_if0_child_race.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_if0_child_race.c:[[@LINE-6]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_if0_child_race.c:[[@LINE-15]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}precise_if0_child_race.c:[[@LINE-19]]
  // CHECK-NEXT: ==ompracer==   why: a task was not waited for: a taskwait waits for child tasks, not for the tasks they create, and the task that created it ended without one
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("seen=%d\n", seen);
  return 0;
}
