// race_taskwait_nested.c -- fully nested taskwaits; races among a task's children.
//
// Every task waits for its own children (fully nested use of taskwait). Task T
// creates G1 and G2:
//  * G1 and G2 are siblings, logically parallel until T's taskwait, and both
//    write `leaf`: one write/write report;
//  * G1 writes `stage`, and T's own continuation reads `stage` before its
//    taskwait: one write/read report (the reader's construct is T).
// After T's taskwait, and after the single's taskwait, everything is ordered:
// `after` and `outer` are computed without a race.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

int leaf;
int stage;
int mid_seen;
int after;
int outer;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    {
#pragma omp task
      {
        leaf = 1;
        stage = 1;
      }
#pragma omp task
      leaf = 2;
      mid_seen = stage;
#pragma omp taskwait
      after = leaf + stage;
    }
#pragma omp taskwait
    outer = after + stage;
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_taskwait_nested.c:[[@LINE-13]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_taskwait_nested.c:[[@LINE-15]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_taskwait_nested.c:[[@LINE-10]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_taskwait_nested.c:[[@LINE-11]])
  // CHECK-NEXT: ==ompracer==   location: global 'leaf' of 4 bytes, declared at {{(.*/)?}}race_taskwait_nested.c:[[@LINE-29]]
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_taskwait_nested.c:[[@LINE-18]] and {{(.*/)?}}race_taskwait_nested.c:[[@LINE-13]] with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_taskwait_nested.c:[[@LINE-17]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_taskwait_nested.c:[[@LINE-20]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_taskwait_nested.c:[[@LINE-14]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_taskwait_nested.c:[[@LINE-23]])
  // CHECK-NEXT: ==ompracer==   location: global 'stage' of 4 bytes, declared at {{(.*/)?}}race_taskwait_nested.c:[[@LINE-33]]
  // CHECK-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}race_taskwait_nested.c:[[@LINE-23]] runs in parallel with what its creator does after creating it: no taskwait, taskgroup or dependence orders them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  printf("after_ok=%d outer_ok=%d\n", after == 2 || after == 3, outer == 3 || outer == 4);
  return 0;
}
