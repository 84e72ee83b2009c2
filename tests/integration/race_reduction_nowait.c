// race_reduction_nowait.c -- a nowait reduction and an unordered read of its variable.
//
// Each thread's part of the combining step writes the original `sum` (the reduction
// has nowait, so no barrier follows it), and the masked thread then reads `sum`: the
// read is logically parallel with the other threads' parts. libomp combines with
// atomics up to 4 threads, but from 5 threads on in a tree inside a barrier where only
// the master writes `sum`; each thread's part must still count as its own, so the
// race is reported at every thread count, at the directive's position (clang emits
// the two methods' combining code with different columns of its line; the pass names
// both by the directive). (A read only: the tree method's combine
// also reads `sum`, which races with a write but not with this read.)
//
// Precise mode only: fast mode keeps one write per location, and of the two threads'
// parallel atomic combining writes the later displaces the earlier, so when the masked
// thread combines last its read meets only its own write (schedule-dependent; the
// README lists it under fast mode's limits). Check mode still says fast: Algorithm 17
// does not see it.
//
// MODES: precise
// EXPECT: race
// THREADS: 2 3 5 8
// VERDICT: fast
#include <omp.h>
#include <stdio.h>

int sum;
int seen;

__attribute__((noinline)) static void observe(const int *p) {
  seen = *p >= 0;
}

int main(void) {
#pragma omp parallel
  {
#pragma omp for reduction(+ : sum) nowait
    for (int i = 0; i < 100; i++)
      sum += i;
#pragma omp masked
    observe(&sum);
  }
  // CHECK: ==ompracer== WARNING: data race (read/atomic write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_reduction_nowait.c:[[@LINE-13]]:{{[0-9]+}} in observe (implicit task of omp parallel at {{(.*/)?}}race_reduction_nowait.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   atomic write at {{(.*/)?}}race_reduction_nowait.c:[[@LINE-8]]:1 in main (implicit task of omp parallel at {{(.*/)?}}race_reduction_nowait.c:[[@LINE-10]])
  // CHECK-NEXT: ==ompracer==   location: global 'sum' of 4 bytes, declared at {{(.*/)?}}race_reduction_nowait.c:[[@LINE-19]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_reduction_nowait.c:34, with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("seen=%d sum=%d\n", seen, sum);
  return 0;
}
