// race_for_guided.c -- schedule(guided): two shared cells written by every chunk.
//
// Every iteration writes parity[i % 2]. A guided schedule over 500 iterations
// hands out several chunks at any thread count, each a strand of its own, and
// they are logically parallel: one write/write report (both cells are written by
// the same site). out[i] belongs to iteration i. parity[k] always holds a number
// of parity k, so the printed check is deterministic.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

#define N 500
int out[N];
int parity[2];

int main(void) {
#pragma omp parallel for schedule(guided)
  for (int i = 0; i < N; i++) {
    out[i] = i % 7;
    parity[i % 2] = i;
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_for_guided.c:[[@LINE-3]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_for_guided.c:[[@LINE-6]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_for_guided.c:[[@LINE-4]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_for_guided.c:[[@LINE-7]])
  // CHECK-NEXT: ==ompracer==   location: global 'parity' of 8 bytes, declared at {{(.*/)?}}race_for_guided.c:[[@LINE-11]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}race_for_guided.c:[[@LINE-9]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += out[i];
  printf("sum=%ld parities=%d%d\n", sum, parity[0] % 2, parity[1] % 2);
  return 0;
}
