// precise_task_reduction.c -- a task reduction does not race.
//
// Inside a single, a taskgroup with task_reduction(+: total) creates tasks that
// each add to `total` with in_reduction(+: total): each task updates a private
// copy, and the runtime combines the copies into `total` when the taskgroup
// ends, before the read that follows it. No two accesses to the same memory are
// logically parallel (or they are the reduction's own combining steps). No race in
// either mode.
//
// MODES: fast precise
// EXPECT: norace
// VERDICT: fast
// CHECK-NOT: ==ompracer==
// PRECISE-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

#define N 64
int a[N];
long result;

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i * 3;
#pragma omp parallel
#pragma omp single
  {
    long total = 0;
#pragma omp taskgroup task_reduction(+: total)
    {
      for (int i = 0; i < N; i++) {
#pragma omp task in_reduction(+: total) firstprivate(i)
        total += a[i];
      }
    }
    result = total;
  }
  printf("result=%ld\n", result);
  return 0;
}
