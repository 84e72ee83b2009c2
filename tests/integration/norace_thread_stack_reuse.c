// norace_thread_stack_reuse.c -- stack memory that logically parallel code used
// before, on the same thread or handed on with the thread.
//
// 1. Each outer thread creates a task whose local buf[] (64 KiB, filled through a
//    pointer) is written, then yields: the thread usually runs its own task there,
//    deeper on its stack than what follows. The task is not waited for, so it is
//    logically parallel with the rest of the implicit task, which then forks a
//    nested team with a worksharing loop. libomp keeps the thread ids it passes to
//    the nested body (.global_tid.) in its own frames, over the task's dead buf:
//    the body's reads of them were checked against the task's writes (a false
//    read/write race on an unnamed 4 bytes, at -O0 and -O2) until the pass left
//    them out as libomp's memory.
// 2. The nested teams' threads go back to libomp's pool when their region ends and
//    are taken again by the next nested region, possibly of another outer thread
//    (a logically parallel team): their tasks' locals (work's tmp) reuse the same
//    stack addresses, and start as new objects.
// 3. A second outer region with more threads starts new threads, whose stacks the
//    tasks use for their locals as well.
// libomp ends none of its threads before exit (omp_pause_resource_all with
// omp_pause_hard, which would, fails natively with libomp 19 when a region follows).
// Every task and iteration writes only its own element. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

#define BUF 65536
#define OUTER 16 // at most this many outer threads are used
int yielded[OUTER], inner[OUTER][4][8], later[2 * OUTER];

__attribute__((noinline)) static void fill(char *b, int n, int v) {
  for (int k = 0; k < n; k++)
    b[k] = (char)(v + k);
}

__attribute__((noinline)) static int deep(int v) {
  char buf[BUF];
  fill(buf, BUF, v);
  return buf[0] + buf[BUF - 1];
}

__attribute__((noinline)) static int work(int v) {
  char tmp[256];
  fill(tmp, (int)sizeof tmp, v);
  return tmp[0] + tmp[255];
}

int main(void) {
  omp_set_max_active_levels(2);
  int outer = omp_get_max_threads() < OUTER ? omp_get_max_threads() : OUTER;
#pragma omp parallel num_threads(outer)
  {
    int o = omp_get_thread_num();
#pragma omp task firstprivate(o)
    yielded[o] = deep(o);
#pragma omp taskyield
    for (int r = 0; r < 4; r++) {
#pragma omp parallel num_threads(2)
#pragma omp for
      for (int i = 0; i < 8; i++) {
#pragma omp task firstprivate(i)
        inner[o][r][i] = work(o + r + i);
      }
    }
  }
#pragma omp parallel num_threads(2 * outer)
  {
    int t = omp_get_thread_num();
#pragma omp task firstprivate(t)
    later[t] = work(t);
  }
  long sum = 0;
  for (int o = 0; o < outer; o++) {
    sum += yielded[o];
    for (int r = 0; r < 4; r++)
      for (int i = 0; i < 8; i++)
        sum += inner[o][r][i];
  }
  for (int t = 0; t < 2 * outer; t++)
    sum += later[t];
  printf("outer=%d sum=%ld\n", outer, sum);
  return 0;
}
