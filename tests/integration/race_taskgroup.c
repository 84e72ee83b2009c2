// race_taskgroup.c -- a taskgroup orders only the tasks created inside it.
//
// Task A is created before the taskgroup and reads `x`; task B is created
// inside the taskgroup and writes `x` and `y`. A and B are siblings, and the
// end of the taskgroup does not wait for A: A's read races with B's write, one
// read/write report. The creator's reads of `x` and `y` after the taskgroup are
// ordered after B (and a read never races with A's read): no report for them.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

int x, y;
int early;
int late_x, late_y;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    early = x;
#pragma omp taskgroup
    {
#pragma omp task
      {
        x = 1;
        y = 1;
      }
    }
    late_y = y;
    late_x = x;
  }
  // CHECK: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_taskgroup.c:[[@LINE-13]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_taskgroup.c:[[@LINE-14]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_taskgroup.c:[[@LINE-9]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_taskgroup.c:[[@LINE-11]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}race_taskgroup.c:[[@LINE-24]]
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_taskgroup.c:[[@LINE-17]] and {{(.*/)?}}race_taskgroup.c:[[@LINE-13]] with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("late=%d,%d\n", late_x, late_y);
  return 0;
}
