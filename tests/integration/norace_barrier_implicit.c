// norace_barrier_implicit.c -- implicit barriers of for, single, sections and the region end.
//
// Loop 1 writes a[]; its implicit barrier orders it before loop 2, which reads
// mirrored elements written by other chunks. The single writes `total` and its
// implicit barrier orders that before every thread reads it. The sections write
// c0/c1 and their implicit barrier orders them before the reads that follow.
// The serial code after the region reads everything after the join. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

#define N 120
int a[N];
int b[N];
int total;
int copy[64];
int c0, c1;
int d[64];

int main(void) {
  int n = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp for schedule(static)
    for (int i = 0; i < N; i++)
      a[i] = i;
#pragma omp for schedule(dynamic, 3)
    for (int i = 0; i < N; i++)
      b[i] = a[N - 1 - i] + 1;
#pragma omp single
    total = b[0] + b[N - 1];
    copy[t] = total;
#pragma omp sections
    {
#pragma omp section
      c0 = b[1];
#pragma omp section
      c1 = b[2];
    }
    d[t] = c0 + c1 + total;
    if (t == 0)
      n = omp_get_num_threads();
  }
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += copy[i] + d[i];
  printf("total=%d sum=%ld\n", total, sum);
  return 0;
}
