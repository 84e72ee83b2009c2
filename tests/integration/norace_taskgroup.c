// norace_taskgroup.c -- taskgroup waits for the tasks created in it and their descendants.
//
// Inside a taskgroup, tasks write data[i]; each of them creates a child task in
// its own nested taskgroup (so every task waits for its children). After the
// outer taskgroup ends, the creator reads everything. A second taskgroup's tasks
// then read data[] (read/read) and write their own results. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

#define NT 8
int data[NT];
int extra[NT];
int res[NT];
int total;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup
    {
      for (int i = 0; i < NT; i++) {
#pragma omp task firstprivate(i)
        {
          data[i] = i + 1;
#pragma omp taskgroup
          {
#pragma omp task firstprivate(i)
            extra[i] = 2 * i;
          }
          data[i] += extra[i];
        }
      }
    }
    for (int i = 0; i < NT; i++)
      total += data[i];
#pragma omp taskgroup
    {
      for (int i = 0; i < NT; i++) {
#pragma omp task firstprivate(i)
        res[i] = data[i] + data[(i + 1) % NT];
      }
    }
    for (int i = 0; i < NT; i++)
      total += res[i];
  }
  printf("total=%d\n", total);
  return 0;
}
