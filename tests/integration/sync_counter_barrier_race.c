// sync_counter_barrier_race.c -- the hand-made barrier of sync_counter_barrier.c with
// relaxed atomics (`#pragma omp atomic capture` and `atomic read` without a memory
// order): the threads do wait for each other, but nothing is released or acquired, so
// each thread's read of the other threads' slots races with their writes. One
// write/read report on `slot` (the writes come first in every run).
//
// MODES: fast precise
// EXPECT: race
#include <omp.h>
#include <stdio.h>

int slot[64];
long sums[64];
int arrived;

static void hand_barrier(int nthreads) {
  int now;
#pragma omp atomic capture
  now = ++arrived;
  while (now < nthreads) {
#pragma omp atomic read
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
// CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}sync_counter_barrier_race.c:[[@LINE-14]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}sync_counter_barrier_race.c:[[@LINE-18]])
// CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}sync_counter_barrier_race.c:[[@LINE-11]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}sync_counter_barrier_race.c:[[@LINE-19]])
// CHECK-NEXT: ==ompracer==   location: global 'slot' of 256 bytes, declared at {{(.*/)?}}sync_counter_barrier_race.c:[[@LINE-36]] (offset {{[0-9]+}})
// CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}sync_counter_barrier_race.c:28, with no barrier between them
// CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
// PRECISE: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
// PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}sync_counter_barrier_race.c:[[@LINE-20]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}sync_counter_barrier_race.c:[[@LINE-24]])
// PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}sync_counter_barrier_race.c:[[@LINE-17]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}sync_counter_barrier_race.c:[[@LINE-25]])
// PRECISE-NEXT: ==ompracer==   location: global 'slot' of 256 bytes, declared at {{(.*/)?}}sync_counter_barrier_race.c:[[@LINE-42]] (offset {{[0-9]+}})
// PRECISE-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}sync_counter_barrier_race.c:28, with no barrier between them
// PRECISE: ==ompracer== SUMMARY: 1 data race(s) reported
