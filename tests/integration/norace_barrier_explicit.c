// norace_barrier_explicit.c -- phases separated by explicit barriers.
//
// Each implicit task writes its own slot, then after `#pragma omp barrier`
// reads its neighbours' slots; after a second barrier it overwrites its own
// slot and, after a third, reads again. Every write/read pair on one element
// from different threads is separated by a barrier: no race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int slot[64];
int left[64];
int right[64];

int main(void) {
  int n = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    int nt = omp_get_num_threads();
    slot[t] = t + 1;
#pragma omp barrier
    right[t] = slot[(t + 1) % nt];
#pragma omp barrier
    slot[t] = 100 * (t + 1);
#pragma omp barrier
    left[t] = slot[(t + nt - 1) % nt];
    if (t == 0)
      n = nt;
  }
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += left[i] + right[i];
  printf("sum=%ld\n", sum);
  return 0;
}
