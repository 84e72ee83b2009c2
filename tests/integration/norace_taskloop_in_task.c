// norace_taskloop_in_task.c -- a taskloop's tasks are children of the task that
// runs the taskloop, and the iterations inside each are that task's own code.
//
// A task runs a `taskloop nogroup` that writes a[] and then a taskwait, which waits
// for the taskloop's tasks; its creator reads a[] after its own taskwait. A second
// task runs a taskloop with its implicit taskgroup that writes b[]. Each taskloop
// task keeps its iterations under a loop node of its own (a chunk, a P-node): in
// precise mode's sum (Algorithm 1) that node counted as a task nobody waited for,
// and the creator's reads were reported as races with the taskloop's writes. No
// race, at any thread count, in every mode.
//
// EXPECT: norace
// MODES: fast precise
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#define N 64
int a[N], b[N];

int main(void) {
  long s = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task
    {
#pragma omp taskloop nogroup grainsize(8)
      for (int i = 0; i < N; i++)
        a[i] = i;
#pragma omp taskwait
    }
#pragma omp task
    {
#pragma omp taskloop grainsize(8)
      for (int i = 0; i < N; i++)
        b[i] = 2 * i;
    }
#pragma omp taskwait
    for (int i = 0; i < N; i++)
      s += a[i] + b[i];
  }
  printf("%ld\n", s);
  return 0;
}
