// carried_race.c -- a loop-carried race between neighbouring iterations.
//
// Iteration i reads a[i-1], which iteration i-1 writes. Under every schedule most
// such pairs run in one chunk, in series on one thread; the iterations are still
// logically parallel, so the race is reported whatever the schedule, chunk size or
// thread count: one write/read report.
//
// EXPECT: race
#include <stdio.h>

#define N 256
int a[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp parallel for schedule(runtime)
  for (int i = 1; i < N; i++)
    a[i] = a[i - 1] + 1;
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}carried_race.c:[[@LINE-2]]:10 in main (iteration of omp for at {{(.*/)?}}carried_race.c:[[@LINE-4]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}carried_race.c:[[@LINE-3]]:12 in main (iteration of omp for at {{(.*/)?}}carried_race.c:[[@LINE-5]])
  // CHECK-NEXT: ==ompracer==   location: global 'a' of 1024 bytes, declared at {{(.*/)?}}carried_race.c:[[@LINE-11]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}carried_race.c:[[@LINE-7]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("done\n");
  return 0;
}
