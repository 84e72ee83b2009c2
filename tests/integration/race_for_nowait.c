// race_for_nowait.c -- a nowait loop followed by a loop reading other iterations' data.
//
// The first loop has nowait, so no barrier separates it from the second loop.
// The second loop reads a[N-1-i], which the first loop wrote in a chunk of
// another thread (with a static schedule the mirrored index always belongs to
// another thread's chunk at 2 and 4 threads), and the chunks of the two loops
// executed by different implicit tasks are logically parallel: one write/read
// report. The noinline calls keep the loops scalar at -O2. Only a[]
// (deterministic) is printed.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

#define N 200
int a[N];
int b[N];

__attribute__((noinline)) static int inc(int v) { return v + 1; }

int main(void) {
#pragma omp parallel
  {
#pragma omp for schedule(static) nowait
    for (int i = 0; i < N; i++)
      a[i] = inc(i);
#pragma omp for schedule(static)
    for (int i = 0; i < N; i++)
      b[i] = inc(a[N - 1 - i]);
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_for_nowait.c:[[@LINE-6]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_for_nowait.c:[[@LINE-8]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_for_nowait.c:[[@LINE-4]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_for_nowait.c:[[@LINE-6]])
  // CHECK-NEXT: ==ompracer==   location: global 'a' of 800 bytes, declared at {{(.*/)?}}race_for_nowait.c:[[@LINE-18]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: the nowait at {{(.*/)?}}race_for_nowait.c:[[@LINE-11]] removes the barrier at the end of the omp for: one access is in that omp for, the other after it, in another thread's implicit task of the omp parallel at {{(.*/)?}}race_for_nowait.c:[[@LINE-13]]
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += a[i];
  printf("sum=%ld\n", sum);
  return 0;
}
