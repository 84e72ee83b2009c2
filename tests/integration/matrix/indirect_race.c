// indirect_race.c -- a race through an index array: idx maps two distant iterations
// (3 and 200) to the same element, so their increments race. Every other element is
// updated by one iteration only. One write/write and one read/write report (the
// increment reads and writes the element).
//
// EXPECT: race
#include <stdio.h>

#define N 256
int a[N], idx[N];

int main(void) {
  for (int i = 0; i < N; i++)
    idx[i] = i;
  idx[200] = 3;
#pragma omp parallel for schedule(runtime)
  for (int i = 0; i < N; i++)
    a[idx[i]] += i;
  // CHECK: ==ompracer== WARNING: data race ({{read/write|write/read}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{read|write}} at {{(.*/)?}}indirect_race.c:[[@LINE-2]]:15 in main (iteration of omp for at {{(.*/)?}}indirect_race.c:[[@LINE-4]])
  // CHECK-NEXT: ==ompracer==   {{read|write}} at {{(.*/)?}}indirect_race.c:[[@LINE-3]]:15 in main (iteration of omp for at {{(.*/)?}}indirect_race.c:[[@LINE-5]])
  // CHECK-NEXT: ==ompracer==   location: global 'a' of 1024 bytes, declared at {{(.*/)?}}indirect_race.c:[[@LINE-12]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}indirect_race.c:[[@LINE-7]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}indirect_race.c:[[@LINE-7]]:15 in main (iteration of omp for at {{(.*/)?}}indirect_race.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}indirect_race.c:[[@LINE-8]]:15 in main (iteration of omp for at {{(.*/)?}}indirect_race.c:[[@LINE-10]])
  // CHECK-NEXT: ==ompracer==   location: global 'a' of 1024 bytes, declared at {{(.*/)?}}indirect_race.c:[[@LINE-17]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}indirect_race.c:[[@LINE-12]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  printf("done\n");
  return 0;
}
