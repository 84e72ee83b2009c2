// race_parallel_scalar.c -- parallel region: every implicit task writes one shared int.
//
// The implicit tasks of one parallel region are logically parallel with each
// other, so the write to `flag` races with itself (one report: the pair is the
// same site twice). The value written is the same in every thread, so the
// printed result is deterministic.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

int flag;

int main(void) {
#pragma omp parallel
  {
    flag = 1;
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_parallel_scalar.c:[[@LINE-3]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_parallel_scalar.c:[[@LINE-5]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_parallel_scalar.c:[[@LINE-4]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_parallel_scalar.c:[[@LINE-6]])
  // CHECK-NEXT: ==ompracer==   location: global 'flag' of 4 bytes, declared at {{(.*/)?}}race_parallel_scalar.c:[[@LINE-10]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_parallel_scalar.c:[[@LINE-8]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("flag=%d\n", flag);
  return 0;
}
