// race_simd.c -- omp simd without safelen: all iterations may run as concurrent SIMD
// lanes, so the loop-carried dependence a[i+1] = a[i] + 1 is a race, even outside
// any parallel region (one thread, one strand).
//
// EXPECT: race
#include <stdio.h>

#define N 64
int a[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp simd
  for (int i = 0; i < N - 1; i++)
    a[i + 1] = a[i] + 1;
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_simd.c:[[@LINE-2]]:14 in main (iteration of omp simd at {{(.*/)?}}race_simd.c:[[@LINE-4]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_simd.c:[[@LINE-3]]:16 in main (iteration of omp simd at {{(.*/)?}}race_simd.c:[[@LINE-5]])
  // CHECK-NEXT: ==ompracer==   location: global 'a' of 256 bytes, declared at {{(.*/)?}}race_simd.c:[[@LINE-11]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp simd at {{(.*/)?}}race_simd.c:[[@LINE-7]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("a[N-1]=%d\n", a[N - 1]);
  return 0;
}
