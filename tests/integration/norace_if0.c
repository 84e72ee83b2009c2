// norace_if0.c -- an if(0) parallel region: one implicit task, tasks joined by taskwait.
//
// `parallel if(0)` runs its region with a team of one; the implicit task's own
// accesses are in series. The explicit task it creates writes `result` and the
// creator reads it only after the taskwait; the if(0) task is undeferred and
// in series with the code after it. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int counter;
int result;
int undeferred;
int final_sum;

int main(void) {
#pragma omp parallel if(0)
  {
    counter = 1;
    counter = counter + 1;
#pragma omp task
    result = counter * 10;
#pragma omp taskwait
    counter = result + 1;
#pragma omp task if(0)
    undeferred = counter + 1;
    final_sum = undeferred + result;
  }
  printf("counter=%d result=%d final=%d\n", counter, result, final_sum);
  return 0;
}
