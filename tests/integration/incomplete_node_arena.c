// incomplete_node_arena.c -- a full OSPG node arena stops the checking: the run must
// not exit as a clean one.
//
// With max_nodes=1024, the 4000 tasks fill the arena: detection switches itself off,
// says so once, and the race planted after it goes unchecked. The summary says
// checking was incomplete and the exit code is 67 (incomplete_exitcode).
//
// EXPECT: incomplete
// OPTIONS: max_nodes=1024
#include <stdio.h>

int out[4000];
int flag;

int main(void) {
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 4000; i++) {
#pragma omp task firstprivate(i)
    out[i] = i;
  }
  // CHECK: ==ompracer== ERROR: the OSPG node arena is full; race detection is off from here on (raise it with OMPRACER_OPTIONS=max_nodes=N, now 1024)
#pragma omp parallel
  flag = 1;
  long sum = 0;
  for (int i = 0; i < 4000; i++)
    sum += out[i];
  printf("sum=%ld flag=%d\n", sum, flag);
  return 0;
  // CHECK: ==ompracer== SUMMARY: 0 data race(s) reported; checking was incomplete (see the ERROR above), so races may have been missed
}
