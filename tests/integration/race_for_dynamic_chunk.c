// race_for_dynamic_chunk.c -- schedule(dynamic, 4): reading an element of the next chunk.
//
// Chunks are iterations [0,3], [4,7], ...; iteration i reads a[i + 4], which
// iteration i + 4 writes, and that iteration always lies in the next chunk, a
// logically parallel strand: one read/write report. The noinline call keeps the
// loop scalar at -O2. Only a[] (deterministic) is printed, not b[].
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

#define N 60
int a[N + 4];
int b[N];

__attribute__((noinline)) static int twice(int v) { return 2 * v; }

int main(void) {
#pragma omp parallel for schedule(dynamic, 4)
  for (int i = 0; i < N; i++) {
    b[i] = twice(a[i + 4]);
    a[i] = i;
  }
  // CHECK: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_for_dynamic_chunk.c:[[@LINE-4]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_for_dynamic_chunk.c:[[@LINE-6]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_for_dynamic_chunk.c:[[@LINE-4]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_for_dynamic_chunk.c:[[@LINE-7]])
  // CHECK-NEXT: ==ompracer==   location: global 'a' of 256 bytes, declared at {{(.*/)?}}race_for_dynamic_chunk.c:[[@LINE-14]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}race_for_dynamic_chunk.c:[[@LINE-9]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  long sum = 0;
  for (int i = 0; i < N + 4; i++)
    sum += a[i];
  printf("sum=%ld\n", sum);
  return 0;
}
