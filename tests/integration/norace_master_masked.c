// norace_master_masked.c -- master/masked writes published by an explicit barrier.
//
// master writes `x`, `masked filter(1)` writes `y` (when thread 1 exists),
// `masked` (filter 0) writes `z`; none of them has a barrier, so nobody else
// touches x, y or z until the explicit barrier, after which every thread reads
// them. Each thread writes only its own element of `seen`. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int x, y, z;
int seen[64];

int main(void) {
  int n = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp master
    x = 5;
#pragma omp masked filter(1)
    y = 6;
#pragma omp masked
    {
      z = 7;
      n = omp_get_num_threads();
    }
#pragma omp barrier
    seen[t] = x + y + z;
  }
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += seen[i];
  printf("sum=%ld\n", sum);
  return 0;
}
