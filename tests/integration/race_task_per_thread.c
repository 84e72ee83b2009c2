// race_task_per_thread.c -- tasks created by different implicit tasks race with each other.
//
// Every thread of the team creates one explicit task (no single), and every
// task writes `last_writer`. Tasks created by different implicit tasks are
// logically parallel (nothing orders them before the barrier): one write/write
// report. Each task also writes its own element of `mark` (no race); the values
// are read after the barrier that completes all tasks.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

int last_writer;
int mark[64];
int total[64];

int main(void) {
  int n = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    int nt = omp_get_num_threads();
#pragma omp task firstprivate(t)
    {
      last_writer = t;
      mark[t] = t + 1;
    }
#pragma omp barrier
    int s = 0;
    for (int i = 0; i < nt; i++)
      s += mark[i];
    total[t] = s;
    if (t == 0)
      n = nt;
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_task_per_thread.c:[[@LINE-12]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_task_per_thread.c:[[@LINE-14]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_task_per_thread.c:[[@LINE-13]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_task_per_thread.c:[[@LINE-15]])
  // CHECK-NEXT: ==ompracer==   location: global 'last_writer' of 4 bytes, declared at {{(.*/)?}}race_task_per_thread.c:[[@LINE-26]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_task_per_thread.c:[[@LINE-21]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += total[i];
  printf("sum=%ld\n", sum);
  return 0;
}
