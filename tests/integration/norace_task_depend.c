// norace_task_depend.c -- task dependences order producer and consumer tasks.
//
// A chain of tasks passes a value along with depend(out)/depend(in) and
// depend(inout); two readers of the same value run in parallel with each other
// (read/read), and a final writer waits for both with depend(inout). Every
// conflicting pair is connected by a chain of dependences. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int x;
int r1, r2;
int result;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: x)
    x = 1;
#pragma omp task depend(inout: x)
    x = x + 10;
#pragma omp task depend(in: x)
    r1 = x * 2;
#pragma omp task depend(in: x)
    r2 = x * 3;
#pragma omp task depend(inout: x)
    x = x + 100;
#pragma omp task depend(in: x)
    result = x + r1 + r2;
#pragma omp taskwait
  }
  printf("x=%d r1=%d r2=%d result=%d\n", x, r1, r2, result);
  return 0;
}
