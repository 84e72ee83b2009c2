// distant_race.c -- a race only between distant iterations: iteration i (i < N/2)
// reads a[i + N/2], which iteration i + N/2 writes. Neighbouring iterations never
// conflict, so whether the two ends of a pair share a chunk depends on the
// schedule; the verdict must not. One write/read report.
//
// EXPECT: race
#include <stdio.h>

#define N 256
int a[N], b[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp parallel for schedule(runtime)
  for (int i = 0; i < N; i++) {
    if (i < N / 2)
      b[i] = a[i + N / 2];
    else
      a[i] = -i;
  }
  // CHECK: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}distant_race.c:[[@LINE-5]]:14 in main (iteration of omp for at {{(.*/)?}}distant_race.c:[[@LINE-8]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}distant_race.c:[[@LINE-4]]:12 in main (iteration of omp for at {{(.*/)?}}distant_race.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   location: global 'a' of 1024 bytes, declared at {{(.*/)?}}distant_race.c:[[@LINE-15]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}distant_race.c:[[@LINE-11]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("done\n");
  return 0;
}
