// race_simd_safelen.c -- safelen(4) promises that iterations at least 4 apart never
// run as concurrent lanes. a[i] = a[i-4] respects that promise (no race), while
// b[i] = b[i-2] breaks it: iterations 2 apart may be lanes of one SIMD chunk. One
// write/read report, on b only.
//
// EXPECT: race
#include <stdio.h>

#define N 64
int a[N], b[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = b[i] = i;
#pragma omp simd safelen(4)
  for (int i = 4; i < N; i++) {
    a[i] = a[i - 4] + 1;
    b[i] = b[i - 2] + 1;
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_simd_safelen.c:[[@LINE-3]]:10 in main (iteration of omp simd at {{(.*/)?}}race_simd_safelen.c:[[@LINE-6]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_simd_safelen.c:[[@LINE-4]]:12 in main (iteration of omp simd at {{(.*/)?}}race_simd_safelen.c:[[@LINE-7]])
  // CHECK-NEXT: ==ompracer==   location: global 'b' of 256 bytes, declared at {{(.*/)?}}race_simd_safelen.c:[[@LINE-13]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp simd at {{(.*/)?}}race_simd_safelen.c:[[@LINE-9]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("a=%d b=%d\n", a[N - 1], b[N - 1]);
  return 0;
}
