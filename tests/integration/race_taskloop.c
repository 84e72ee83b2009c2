// race_taskloop.c -- the iterations of a taskloop are logically parallel, also the
// ones one task runs: a loop-carried dependence races whatever the grainsize. The
// second taskloop is race-free (each iteration its own element). One report.
//
// MODES: fast precise
// EXPECT: race
#include <stdio.h>

#define N 200
int a[N], b[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = b[i] = i;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop grainsize(50)
    for (int i = 1; i < N; i++)
      a[i] = a[i - 1] + 1;
#pragma omp taskloop num_tasks(4)
    for (int i = 0; i < N; i++)
      b[i] = b[i] * 2;
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_taskloop.c:[[@LINE-6]]:12 in main (iteration of omp taskloop at {{(.*/)?}}race_taskloop.c:[[@LINE-8]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_taskloop.c:[[@LINE-7]]:14 in main (iteration of omp taskloop at {{(.*/)?}}race_taskloop.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   location: global 'a' of 800 bytes, declared at {{(.*/)?}}race_taskloop.c:[[@LINE-18]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp taskloop at {{(.*/)?}}race_taskloop.c:[[@LINE-11]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  // PRECISE: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}race_taskloop.c:[[@LINE-12]]:12 in main (iteration of omp taskloop at {{(.*/)?}}race_taskloop.c:[[@LINE-14]])
  // PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}race_taskloop.c:[[@LINE-13]]:14 in main (iteration of omp taskloop at {{(.*/)?}}race_taskloop.c:[[@LINE-15]])
  // PRECISE-NEXT: ==ompracer==   location: global 'a' of 800 bytes, declared at {{(.*/)?}}race_taskloop.c:[[@LINE-24]] (offset {{[0-9]+}})
  // PRECISE-NEXT: ==ompracer==   why: different iterations of the omp taskloop at {{(.*/)?}}race_taskloop.c:[[@LINE-17]]: the iterations of one loop are logically parallel, whichever thread runs them
  // PRECISE: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("b[N-1]=%d\n", b[N - 1]);
  return 0;
}
