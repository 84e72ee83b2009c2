// sync_counter_barrier.c -- a barrier made by hand from an atomic counter: every
// thread writes its own slot, increments `arrived` with a seq_cst atomic capture, and
// spins (seq_cst atomic read) until all threads have arrived; then each reads every
// slot. The reads-from of the last increment carries every thread's earlier writes
// (the increments form a release sequence), so the reads do not race with the writes.
// Works at any thread count (one thread: the counter is reached at once).
//
// MODES: fast precise
// EXPECT: norace
// CHECK-NOT: ==ompracer==
// PRECISE-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int slot[64];
long sums[64];
int arrived;

static void hand_barrier(int nthreads) {
  int now;
#pragma omp atomic capture seq_cst
  now = ++arrived;
  while (now < nthreads) {
#pragma omp atomic read seq_cst
    now = arrived;
  }
}

int main(void) {
  int nthreads = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num(), n = omp_get_num_threads();
    if (t < 64)
      slot[t] = 10 * t + 1;
    hand_barrier(n < 64 ? n : 64);
    long s = 0;
    for (int i = 0; i < n && i < 64; i++)
      s += slot[i];
    if (t < 64)
      sums[t] = s;
#pragma omp single
    nthreads = n;
  }
  printf("threads=%d sum0=%ld\n", nthreads, sums[0]);
  return 0;
}
