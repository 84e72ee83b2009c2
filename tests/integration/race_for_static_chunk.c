// race_for_static_chunk.c -- schedule(static, 3): a read of the next iteration's element.
//
// Iteration i reads a[i + 1], which iteration i + 1 writes. Inside one chunk
// the two iterations are in series, but at every chunk boundary iteration i + 1
// starts the next chunk, a parallel strand: one read/write report. (With chunks
// of 3 and 100 iterations there are chunk boundaries at any thread count.) The
// noinline call keeps the loop scalar at -O2, so every access stays 4 bytes.
// a[99] reads a[100], which nobody writes: the printed value is deterministic.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

#define N 100
int a[N + 1];

__attribute__((noinline)) static int step(int v) { return v + 1; }

int main(void) {
#pragma omp parallel for schedule(static, 3)
  for (int i = 0; i < N; i++) {
    int next = a[i + 1];
    a[i] = step(next);
  }
  // CHECK: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_for_static_chunk.c:[[@LINE-4]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_for_static_chunk.c:[[@LINE-6]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_for_static_chunk.c:[[@LINE-4]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_for_static_chunk.c:[[@LINE-7]])
  // CHECK-NEXT: ==ompracer==   location: global 'a' of 404 bytes, declared at {{(.*/)?}}race_for_static_chunk.c:[[@LINE-13]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}race_for_static_chunk.c:[[@LINE-9]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("a[99]=%d\n", a[N - 1]);
  return 0;
}
