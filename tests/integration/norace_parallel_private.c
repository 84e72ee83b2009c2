// norace_parallel_private.c -- parallel region: shared reads, private locals, own slots.
//
// Every implicit task reads the shared `scale` (reads never race with reads),
// computes in locals declared inside the region (private, not instrumented) and
// writes only its own slot[t]. The serial code after the region (after the
// join) reads all slots. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int slot[64];
int scale = 5;

int main(void) {
  int n = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    int local = scale * t;
    local += scale;
    slot[t] = local;
    if (t == 0)
      n = omp_get_num_threads();
  }
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += slot[i];
  printf("threads=%d sum=%ld\n", n, sum);
  return 0;
}
