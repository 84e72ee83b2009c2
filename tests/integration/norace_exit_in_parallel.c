// norace_exit_in_parallel.c -- exit() inside a parallel region and inside a task.
//
// Each implicit task writes its own slot; after a barrier one thread creates a
// task that calls exit(5) while the other threads are still in the region (at the
// region's implicit barrier or running the task). No race: the tool prints
// nothing and the program's own exit code, 5, is kept.
//
// EXPECT: norace
// MODES: fast precise
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int slot[64];

int main(void) {
#pragma omp parallel num_threads(4)
  {
    slot[omp_get_thread_num()] = 1;
#pragma omp barrier
#pragma omp single nowait
    {
#pragma omp task
      {
        printf("exiting with 5 from a task\n");
        exit(5);
      }
    }
  }
  printf("not reached\n");
  return 0;
}
