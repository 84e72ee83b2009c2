// race_parallel_if0_task.c -- if(0) parallel region whose two explicit tasks conflict.
//
// `parallel if(0)` runs with a team of one thread: its implicit task's own
// accesses are in series. The two explicit tasks it creates are siblings and
// logically parallel with each other until the taskwait (a team of one runs
// them at once, but that is only the observed schedule): both write `cell`, one
// write/write race. The read after the taskwait is ordered with both.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

int cell;
int seen;

int main(void) {
#pragma omp parallel if(0)
  {
#pragma omp task
    {
      cell = 1;
    }
#pragma omp task
    {
      cell = 2;
    }
#pragma omp taskwait
    seen = cell;
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_parallel_if0_task.c:[[@LINE-10]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_parallel_if0_task.c:[[@LINE-12]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_parallel_if0_task.c:[[@LINE-7]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_parallel_if0_task.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   location: global 'cell' of 4 bytes, declared at {{(.*/)?}}race_parallel_if0_task.c:[[@LINE-20]]
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_parallel_if0_task.c:[[@LINE-15]] and {{(.*/)?}}race_parallel_if0_task.c:[[@LINE-11]] with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("ok=%d\n", seen == 1 || seen == 2);
  return 0;
}
