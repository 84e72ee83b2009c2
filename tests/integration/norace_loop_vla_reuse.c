// norace_loop_vla_reuse.c -- a VLA in the body of a worksharing loop, filled by a
// task that each iteration creates and waits for.
//
// Each iteration declares a VLA (one per iteration: its storage is taken and
// given back every time round the loop), creates a task that fills it through a
// pointer, waits for the task and sums the array. The iterations of one thread
// get the same stack address for their VLA, and the tasks of different
// iterations are logically parallel (iterations of an omp for are): if each
// iteration's VLA did not start as a new object, one iteration's task's writes
// would be reported against an earlier iteration's task's. The loop's own reads
// are on its stack and each iteration writes its own out[i]. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#define N 64
int out[N];
int len = 20; // only read: the VLA's length is known at run time only

__attribute__((noinline)) static void fill(int *b, int n, int v) {
  for (int k = 0; k < n; k++)
    b[k] = v + k;
}

__attribute__((noinline)) static int sum(const int *b, int n) {
  int s = 0;
  for (int k = 0; k < n; k++)
    s += b[k];
  return s;
}

int main(void) {
#pragma omp parallel for schedule(static, 4)
  for (int i = 0; i < N; i++) {
    int n = len;
    int vla[n];
    int *p = vla;
#pragma omp task firstprivate(p, n, i)
    fill(p, n, i);
#pragma omp taskwait
    out[i] = sum(vla, n);
  }
  long total = 0;
  for (int i = 0; i < N; i++)
    total += out[i];
  printf("sum=%ld\n", total);
  return 0;
}
