// race_task_continuation.c -- a task races with its creator's continuation.
//
// An explicit task is logically parallel with the code its creator runs after
// creating it, until a taskwait. The task writes `partial`; the creator reads
// it before the taskwait: one write/read report. The second read, after the
// taskwait, is ordered (no report) and is what gets printed.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

int partial;
int early_copy;
int final_value;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    partial = 10;
    early_copy = partial;
#pragma omp taskwait
    final_value = partial;
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_task_continuation.c:[[@LINE-6]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_task_continuation.c:[[@LINE-7]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_task_continuation.c:[[@LINE-6]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_task_continuation.c:[[@LINE-11]])
  // CHECK-NEXT: ==ompracer==   location: global 'partial' of 4 bytes, declared at {{(.*/)?}}race_task_continuation.c:[[@LINE-17]]
  // CHECK-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}race_task_continuation.c:[[@LINE-10]] runs in parallel with what its creator does after creating it: no taskwait, taskgroup or dependence orders them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("final=%d\n", final_value);
  return 0;
}
