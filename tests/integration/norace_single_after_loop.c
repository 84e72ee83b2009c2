// norace_single_after_loop.c -- singles after worksharing loops, with no race.
//
// (1) The loop has no nowait: its barrier orders every iteration before the single.
// (2) A nowait loop accumulates into a variable private to each implicit task, and
//     the single reads the private copy of the thread that runs it: whichever thread
//     that is, it reads its own copy.
// (3) A team of one thread: nowait or not, only that thread runs the loop and the
//     single.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#define N 64
int a[N], b[N];
int total, partial, alone;

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp parallel
  {
    int mine = 0;
#pragma omp for schedule(static)
    for (int i = 0; i < N; i++)
      b[i] = 2 * a[i];
#pragma omp single
    total = b[0] + b[N - 1];
#pragma omp for nowait schedule(dynamic, 4)
    for (int i = 0; i < N; i++)
      mine += a[i];
#pragma omp single
    partial = mine >= 0;
  }
#pragma omp parallel num_threads(1)
  {
#pragma omp for nowait
    for (int i = 0; i < N; i++)
      a[i] = i + 1;
#pragma omp single
    alone = a[N - 1];
  }
  printf("total=%d partial=%d alone=%d\n", total, partial, alone);
  return 0;
}
