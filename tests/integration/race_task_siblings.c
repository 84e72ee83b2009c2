// race_task_siblings.c -- two sibling explicit tasks write the same variable.
//
// Sibling tasks are logically parallel with each other until a taskwait: both
// write `result`, one write/write report. Each task also writes its own flag;
// the flags are read after the taskwait (ordered, no report).
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

int result;
int a_done, b_done;
int both = 0;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    {
      result = 1;
      a_done = 1;
    }
#pragma omp task
    {
      result = 2;
      b_done = 1;
    }
#pragma omp taskwait
    both = a_done + b_done;
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_task_siblings.c:[[@LINE-12]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_task_siblings.c:[[@LINE-14]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_task_siblings.c:[[@LINE-8]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_task_siblings.c:[[@LINE-10]])
  // CHECK-NEXT: ==ompracer==   location: global 'result' of 4 bytes, declared at {{(.*/)?}}race_task_siblings.c:[[@LINE-24]]
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_task_siblings.c:[[@LINE-17]] and {{(.*/)?}}race_task_siblings.c:[[@LINE-12]] with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("both=%d\n", both);
  return 0;
}
