// norace_critical_private.c -- critical sections that only touch per-thread data.
//
// Each thread enters an unnamed and a named critical section several times, but
// inside them it only updates its own element hits[t] / work[t] and reads the
// shared read-only `weight`. Entering and leaving a critical section starts new
// fragments of the same implicit task, which stay in series with each other, so
// the code before, inside and after the critical sections sees its own earlier
// writes without a race. No strand touches another thread's element, so the
// result does not rely on the lock. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int hits[64];
int work[64];
int weight = 3;

int main(void) {
  int n = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    hits[t] = 0;
    for (int r = 0; r < 5; r++) {
#pragma omp critical
      {
        hits[t] += weight;
      }
      work[t] = hits[t] * 2;
#pragma omp critical(named_lock)
      work[t] += 1;
    }
    hits[t] += work[t];
    if (t == 0)
      n = omp_get_num_threads();
  }
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += hits[i];
  printf("sum=%ld\n", sum);
  return 0;
}
