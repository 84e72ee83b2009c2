// target_nowait_race.c -- a deferred target task races with its creator.
//
// `target nowait` makes the target region a deferred task (a target task, run on
// one of libomp's hidden helper threads when there is no device). Until the
// taskwait it is logically parallel with the code that follows it: the host
// reads `result` before the taskwait while the target region writes it, one
// write/read report. The read after the taskwait is ordered (no report), and so
// is the write to `input` before the target region. The map clause copies
// nothing on the host.
//
// EXPECT: race
// VERDICT: fast
#include <omp.h>
#include <stdio.h>

int input = 20;
int result;
int early;

int main(void) {
  input = 21;
#pragma omp target nowait map(to : input) map(from : result)
  result = 2 * input;
  early = result;
#pragma omp taskwait
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}target_nowait_race.c:[[@LINE-4]]:{{[0-9]+}} in main (target task created at {{(.*/)?}}target_nowait_race.c:[[@LINE-5]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}target_nowait_race.c:[[@LINE-4]]:{{[0-9]+}} in main (serial code)
  // CHECK-NEXT: ==ompracer==   location: global 'result' of 4 bytes, declared at {{(.*/)?}}target_nowait_race.c:[[@LINE-12]]
  // CHECK-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}target_nowait_race.c:[[@LINE-8]] runs in parallel with what its creator does after creating it: no taskwait, taskgroup or dependence orders them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("result=%d\n", result);
  return 0;
}
