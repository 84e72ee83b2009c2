// norace_initial_thread_tasks.c -- tasks made outside any parallel region belong to
// the initial team, which has one thread by definition, and only that thread runs
// them: they never run at the same time as each other or as the code that made them,
// in any execution, so their unordered accesses are no data race (DataRaceBench 127's
// shape: a task writes `total` while its creator reads it without waiting).
//
// MODES: precise
// EXPECT: norace
// PRECISE-NOT: ==ompracer==
#include <stdio.h>

int total;
int flags[4];

static void add(int k) {
#pragma omp task firstprivate(k)
  {
    total += k;
#pragma omp task firstprivate(k)
    flags[k] = 1;
  }
}

int main(void) {
  for (int k = 0; k < 4; k++)
    add(k);
  int peek = total; // unordered with the tasks, but on the same thread
  (void)peek;
#pragma omp taskwait
  int set = 0;
  for (int k = 0; k < 4; k++)
    set += flags[k];
  printf("total=%d set=%d\n", total, set);
  return 0;
}
