// race_reduction_unordered_write.c -- a write that no barrier separates from a
// reduction's combining step.
//
// The masked thread resets `total` with no barrier after it, then every thread enters
// a reduction into `total`: the other threads' parts of the combining step are
// logically parallel with the reset. From 5 threads on libomp combines in a tree and
// only the master (which made the reset) writes `total`; the other threads' parts
// must still count as theirs. The tree's combine reads and writes `total`, so both
// race with the reset (the atomic method up to 4 threads is one read-modify-write:
// this program runs at 5 and 8 threads, where the report is the same every time).
// The combining accesses are named by the directive's position, as with atomics.
//
// EXPECT: race
// THREADS: 5 8
// VERDICT: fast
#include <omp.h>
#include <stdio.h>

long total;

__attribute__((noinline)) static void reset(long *p) {
  *p = 0;
}

int main(void) {
#pragma omp parallel
  {
#pragma omp masked
    reset(&total);
#pragma omp for reduction(+ : total)
    for (int i = 0; i < 64; i++)
      total += i;
  }
  // CHECK: ==ompracer== WARNING: data race (write/atomic read) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_reduction_unordered_write.c:[[@LINE-13]]:{{[0-9]+}} in reset (implicit task of omp parallel at {{(.*/)?}}race_reduction_unordered_write.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   atomic read at {{(.*/)?}}race_reduction_unordered_write.c:[[@LINE-6]]:1 in main (implicit task of omp parallel at {{(.*/)?}}race_reduction_unordered_write.c:[[@LINE-10]])
  // CHECK-NEXT: ==ompracer==   location: global 'total' of 8 bytes, declared at {{(.*/)?}}race_reduction_unordered_write.c:[[@LINE-18]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_reduction_unordered_write.c:26, with no barrier between them
  // CHECK: ==ompracer== WARNING: data race (write/atomic write) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_reduction_unordered_write.c:[[@LINE-18]]:{{[0-9]+}} in reset (implicit task of omp parallel at {{(.*/)?}}race_reduction_unordered_write.c:[[@LINE-14]])
  // CHECK-NEXT: ==ompracer==   atomic write at {{(.*/)?}}race_reduction_unordered_write.c:[[@LINE-11]]:1 in main (implicit task of omp parallel at {{(.*/)?}}race_reduction_unordered_write.c:[[@LINE-15]])
  // CHECK-NEXT: ==ompracer==   location: global 'total' of 8 bytes, declared at {{(.*/)?}}race_reduction_unordered_write.c:[[@LINE-23]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_reduction_unordered_write.c:26, with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  printf("total=%ld\n", total);
  return 0;
}
