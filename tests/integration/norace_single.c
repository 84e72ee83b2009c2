// norace_single.c -- single with its implicit barrier; single nowait plus a barrier.
//
// The first single writes `x`; its implicit barrier orders that write before
// every thread reads it. The single nowait writes `y`, which nobody touches
// until the explicit barrier. Each thread writes only its own element of the
// output arrays. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int x;
int y;
int seen_x[64];
int seen_y[64];

int main(void) {
  int n = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp single
    x = 3;
    seen_x[t] = x;
#pragma omp single nowait
    y = 4;
#pragma omp barrier
    seen_y[t] = y + x;
#pragma omp single
    n = omp_get_num_threads();
  }
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += seen_x[i] + seen_y[i];
  printf("sum=%ld\n", sum);
  return 0;
}
