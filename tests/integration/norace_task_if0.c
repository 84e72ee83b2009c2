// norace_task_if0.c -- undeferred (if(0)) tasks are in series with their creator.
//
// A task with if(0) runs to completion before its creator continues, so the
// continuation's read of what it wrote is ordered after it. Inside a deferred
// task, an if(0) child likewise finishes before its parent goes on. The
// deferred tasks are joined by a taskwait before their results are read. No
// race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int a;
int b;
int inner;
int outer_result;
int combined;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task if(0)
    a = 10;
    b = a + 1;
#pragma omp task
    {
#pragma omp task if(0)
      inner = 5;
      outer_result = inner * 2;
    }
#pragma omp taskwait
    combined = a + b + outer_result;
  }
  printf("combined=%d\n", combined);
  return 0;
}
