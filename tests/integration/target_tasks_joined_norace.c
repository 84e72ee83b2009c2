// target_tasks_joined_norace.c -- the end of a target region waits for its tasks.
//
// The host runs the target region itself (no offloading): clang calls the region's
// outlined function directly. Inside, pairs of tasks update x[i] in the order their
// depend clauses give; after the region the host reads x without a taskwait. The
// region's end waits for every task created in it, so nothing races.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#define C 64
float a = 5;
float x[C], y[C];

int main(void) {
  for (int i = 0; i < C; i++) {
    x[i] = 0;
    y[i] = 3;
  }
#pragma omp target map(to : y[0 : C], a) map(tofrom : x[0 : C])
  {
    for (int i = 0; i < C; i++) {
#pragma omp task depend(inout : x[i])
      x[i] = a * x[i];
#pragma omp task depend(inout : x[i])
      x[i] = x[i] + y[i];
    }
  }
  float sum = 0;
  for (int i = 0; i < C; i++)
    sum += x[i];
  printf("sum=%.1f\n", sum);
  return 0;
}
