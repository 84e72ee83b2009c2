// race_for_guided_chunk.c -- schedule(guided, 4): reading the mirrored element.
//
// Iteration i reads a[N-1-i], which iteration N-1-i writes. The first and the
// last iterations of the loop are always in different chunks (a guided schedule
// with a minimum chunk of 4 over 400 iterations makes many chunks), and chunks
// are logically parallel strands: one read/write report. The noinline call keeps
// the loop scalar at -O2. a[] is not printed (its values depend on the
// schedule); b[] and the count are.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

#define N 400
int a[N];
int b[N];

__attribute__((noinline)) static int mix(int v, int i) { return v + i; }

int main(void) {
#pragma omp parallel for schedule(guided, 4)
  for (int i = 0; i < N; i++) {
    int mirror = a[N - 1 - i];
    a[i] = mix(mirror, i);
    b[i] = i;
  }
  // CHECK: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_for_guided_chunk.c:[[@LINE-5]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_for_guided_chunk.c:[[@LINE-7]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_for_guided_chunk.c:[[@LINE-5]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_for_guided_chunk.c:[[@LINE-8]])
  // CHECK-NEXT: ==ompracer==   location: global 'a' of 1600 bytes, declared at {{(.*/)?}}race_for_guided_chunk.c:[[@LINE-15]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}race_for_guided_chunk.c:[[@LINE-10]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += b[i];
  printf("sum=%ld\n", sum);
  return 0;
}
