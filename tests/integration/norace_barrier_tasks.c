// norace_barrier_tasks.c -- barriers complete the explicit tasks created before them.
//
// Every thread creates a task writing its own part[t]; the explicit barrier
// waits for all of them, after which every thread reads all parts. Tasks
// created in a single are completed by the single's implicit barrier before
// their results are read. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int part[64];
int sums[64];
int produced[8];
int consumed[64];

int main(void) {
  int n = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    int nt = omp_get_num_threads();
#pragma omp task firstprivate(t)
    part[t] = t + 1;
#pragma omp barrier
    int s = 0;
    for (int i = 0; i < nt; i++)
      s += part[i];
    sums[t] = s;
#pragma omp single
    {
      for (int i = 0; i < 8; i++) {
#pragma omp task firstprivate(i)
        produced[i] = i * 3;
      }
    }
    int q = 0;
    for (int i = 0; i < 8; i++)
      q += produced[i];
    consumed[t] = q;
    if (t == 0)
      n = nt;
  }
  long total = 0;
  for (int i = 0; i < n; i++)
    total += sums[i] + consumed[i];
  printf("total=%ld\n", total);
  return 0;
}
