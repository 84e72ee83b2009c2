// norace_for_nowait.c -- nowait loops that need no barrier.
//
// Loops 1 and 2 both use schedule(static) over the same iteration count, so
// OpenMP guarantees that iteration i of both runs on the same thread: loop 2
// reading a[i] after loop 1 wrote it is ordered within one implicit task, even
// with nowait. Loop 3 (dynamic, nowait) touches only its own array c[]. The
// final reads happen after the region. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

#define N 100
int a[N], b[N], c[N];

int main(void) {
#pragma omp parallel
  {
#pragma omp for schedule(static) nowait
    for (int i = 0; i < N; i++)
      a[i] = i;
#pragma omp for schedule(static) nowait
    for (int i = 0; i < N; i++)
      b[i] = a[i] * 2;
#pragma omp for schedule(dynamic) nowait
    for (int i = 0; i < N; i++)
      c[i] = i + 1;
  }
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += a[i] + b[i] + c[i];
  printf("sum=%ld\n", sum);
  return 0;
}
