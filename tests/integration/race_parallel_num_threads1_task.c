// race_parallel_num_threads1_task.c -- num_threads(1) parallel region that creates a task.
//
// A parallel region with num_threads(1) has a single implicit task, so its own
// accesses are in series with each other (`value = 1`, `value = 3`, `result =
// value` never race). But the explicit task it creates is deferrable: it is
// logically parallel with the creator's continuation until the taskwait,
// whatever the team size (libomp happens to run it at once in a team of one;
// that is a schedule, not an ordering). The task writes `value`, the
// continuation reads it before the taskwait: one write/read race. After the
// taskwait the accesses are ordered.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

int value;
int seen;

int main(void) {
  int result = 0;
#pragma omp parallel num_threads(1)
  {
    value = 1;
#pragma omp task
    {
      value = 2;
    }
    seen = value;
#pragma omp taskwait
    value = 3;
    result = value;
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_parallel_num_threads1_task.c:[[@LINE-8]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_parallel_num_threads1_task.c:[[@LINE-10]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_parallel_num_threads1_task.c:[[@LINE-7]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_parallel_num_threads1_task.c:[[@LINE-14]])
  // CHECK-NEXT: ==ompracer==   location: global 'value' of 4 bytes, declared at {{(.*/)?}}race_parallel_num_threads1_task.c:[[@LINE-20]]
  // CHECK-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}race_parallel_num_threads1_task.c:[[@LINE-13]] runs in parallel with what its creator does after creating it: no taskwait, taskgroup or dependence orders them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("result=%d seen=%d\n", result, seen == 1 || seen == 2);
  return 0;
}
