// race_simd_local_array.c -- an omp simd loop outside any parallel region over arrays
// local to main, with a dependence of distance 1 (v[k] reads v[k - 1], which the
// previous iteration writes): simd lanes run at once, so the iterations race, also on
// the one initial thread. The arrays are stack memory of the function that runs the
// loop (lanes share them). Run at -O0..-O3: at -O1 native clang vectorises the loop,
// and a corpus run once missed this shape there (a rule for the initial thread then
// dropped two iterations of one strand). The values written equal the values already
// there, so the output does not depend on the lanes' order.
//
// EXPECT: race
// LEVELS: O0 O1 O2 O3
#include <stdio.h>

#define N 96

int main(int argc, char **argv) {
  (void)argv;
  int v[N], w[N];
  for (int k = 0; k < N; k++) {
    v[k] = 3 * k * argc;
    w[k] = 3 * argc;
  }
#pragma omp simd
  for (int k = 1; k < N; k++)
    v[k] = v[k - 1] + w[k];
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_simd_local_array.c:[[@LINE-2]]:10 in main (iteration of omp simd at {{(.*/)?}}race_simd_local_array.c:[[@LINE-4]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_simd_local_array.c:[[@LINE-3]]:12 in main (iteration of omp simd at {{(.*/)?}}race_simd_local_array.c:[[@LINE-5]])
  // CHECK-NEXT: ==ompracer==   location: local 'v' of main, declared at {{(.*/)?}}race_simd_local_array.c:[[@LINE-11]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp simd at {{(.*/)?}}race_simd_local_array.c:[[@LINE-7]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  long sum = 0;
  for (int k = 0; k < N; k++)
    sum += v[k];
  printf("sum=%ld\n", sum);
  return 0;
}
