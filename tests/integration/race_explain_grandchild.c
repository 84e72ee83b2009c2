// race_explain_grandchild.c -- a taskwait does not wait for grandchildren: the why
// line names the taskwait and the task it did not wait for.
//
// A task creates a task of its own and ends without waiting for it; its creator's
// taskwait waits for the child only, so the grandchild's write of `x` races with the
// read after the taskwait. The why line names that taskwait and the grandchild. For
// `y` the grandchild waits for a task of its own that writes `y`: the grandchild is
// the task nobody waited for, and is named. For `z` the child waits for its child,
// which does not wait for the task that writes `z`: that great-grandchild is named as
// a descendant task. Fast mode cannot see these races (it reads every taskwait as
// waiting for all descendants, and warns so): precise mode only. The racy values are
// not printed.
//
// MODES: precise
// EXPECT: race
#include <stdio.h>

int x, y, z;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    {
#pragma omp task
      x = 1;
    }
#pragma omp taskwait
    volatile int t = x;
    (void)t;
#pragma omp task
    {
#pragma omp task
      {
#pragma omp task
        y = 1;
#pragma omp taskwait
      }
    }
#pragma omp taskwait
    volatile int u = y;
    (void)u;
#pragma omp task
    {
#pragma omp task
      {
#pragma omp task
        z = 1;
      }
#pragma omp taskwait
    }
#pragma omp taskwait
    volatile int v = z;
    (void)v;
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_grandchild.c:27:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_explain_grandchild.c:26)
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_explain_grandchild.c:30:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_explain_grandchild.c:21)
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}race_explain_grandchild.c:18
  // CHECK-NEXT: ==ompracer==   why: the taskwait at {{(.*/)?}}race_explain_grandchild.c:29 waits for child tasks, not for the grandchild created at {{(.*/)?}}race_explain_grandchild.c:26
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_grandchild.c:37:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_explain_grandchild.c:36)
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_explain_grandchild.c:42:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_explain_grandchild.c:21)
  // CHECK-NEXT: ==ompracer==   location: global 'y' of 4 bytes, declared at {{(.*/)?}}race_explain_grandchild.c:18
  // CHECK-NEXT: ==ompracer==   why: the taskwait at {{(.*/)?}}race_explain_grandchild.c:41 waits for child tasks, not for the grandchild created at {{(.*/)?}}race_explain_grandchild.c:34
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_grandchild.c:49:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_explain_grandchild.c:48)
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_explain_grandchild.c:54:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_explain_grandchild.c:21)
  // CHECK-NEXT: ==ompracer==   location: global 'z' of 4 bytes, declared at {{(.*/)?}}race_explain_grandchild.c:18
  // CHECK-NEXT: ==ompracer==   why: the taskwait at {{(.*/)?}}race_explain_grandchild.c:53 waits for child tasks, not for the descendant task created at {{(.*/)?}}race_explain_grandchild.c:48
  // CHECK: ==ompracer== SUMMARY: 3 data race(s) reported
  printf("done\n");
  return 0;
}
