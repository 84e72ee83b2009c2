// race_taskloop_simd.c -- the combined simd loops: `taskloop simd` (here with
// nogroup and an explicit taskwait) and `teams distribute simd` keep every iteration
// parallel with every other, so each loop-carried dependence is a race; the
// element-wise loops next to them are not. Two reports.
//
// EXPECT: race
#include <stdio.h>

#define N 128
int a[N], b[N], c[N], d[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = b[i] = c[i] = d[i] = i;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop simd nogroup grainsize(32)
    for (int i = 1; i < N; i++)
      a[i] = a[i - 1] + 1;
#pragma omp taskloop simd nogroup
    for (int i = 0; i < N; i++)
      b[i] = b[i] * 2;
#pragma omp taskwait
  }
#pragma omp teams distribute simd num_teams(2)
  for (int i = 1; i < N; i++)
    c[i] = c[i - 1] + 1;
#pragma omp teams distribute simd num_teams(2)
  for (int i = 0; i < N; i++)
    d[i] = d[i] * 2;
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_taskloop_simd.c:[[@LINE-13]]:12 in main (iteration of omp taskloop at {{(.*/)?}}race_taskloop_simd.c:[[@LINE-15]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_taskloop_simd.c:[[@LINE-14]]:14 in main (iteration of omp taskloop at {{(.*/)?}}race_taskloop_simd.c:[[@LINE-16]])
  // CHECK-NEXT: ==ompracer==   location: global 'a' of 512 bytes, declared at {{(.*/)?}}race_taskloop_simd.c:[[@LINE-25]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp taskloop at {{(.*/)?}}race_taskloop_simd.c:[[@LINE-18]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_taskloop_simd.c:[[@LINE-10]]:10 in main (iteration of omp distribute at {{(.*/)?}}race_taskloop_simd.c:[[@LINE-12]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_taskloop_simd.c:[[@LINE-11]]:12 in main (iteration of omp distribute at {{(.*/)?}}race_taskloop_simd.c:[[@LINE-13]])
  // CHECK-NEXT: ==ompracer==   location: global 'c' of 512 bytes, declared at {{(.*/)?}}race_taskloop_simd.c:[[@LINE-30]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp distribute at {{(.*/)?}}race_taskloop_simd.c:[[@LINE-15]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  printf("b=%d d=%d\n", b[N - 1], d[N - 1]);
  return 0;
}
