// task_iteration_race.c -- tasks created by different iterations of one loop race.
//
// Each iteration creates a task that writes `total`. The tasks of two iterations
// belong to two iterations of one omp for, so they are logically parallel however the
// schedule groups the iterations: on one thread the tasks hang under two chunks of that
// thread's loop node (an iteration that creates a task starts a new segment), on two
// threads under two implicit tasks. The why line must name the loop's iterations in
// both cases, not the threads. One write/write report (a write only: with a
// read-modify-write, which of its pairs are reported, and in which order, depends on
// the schedule).
//
// EXPECT: race
#include <stdio.h>

#define N 64
long total;

int main(void) {
#pragma omp parallel for schedule(runtime)
  for (int i = 0; i < N; i++) {
#pragma omp task
    total = i;
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}task_iteration_race.c:[[@LINE-3]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}task_iteration_race.c:[[@LINE-4]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}task_iteration_race.c:[[@LINE-4]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}task_iteration_race.c:[[@LINE-5]])
  // CHECK-NEXT: ==ompracer==   location: global 'total' of 8 bytes, declared at {{(.*/)?}}task_iteration_race.c:[[@LINE-11]]
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}task_iteration_race.c:[[@LINE-9]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("done\n");
  return 0;
}
