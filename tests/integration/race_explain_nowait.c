// race_explain_nowait.c -- the why line names the nowait that removed a barrier.
//
// A sections construct with nowait writes `a` in one section; the loop after it reads
// `a` in every iteration. The threads that did not run that section run loop
// iterations while it may still run: their reads race with the write, and the why line
// names the sections' nowait, the barrier that would have ordered them. Then a loop
// with nowait writes `c` in its first iteration and every thread reads `c` right
// after the loop, outside any construct: that race is explained as two threads'
// implicit tasks with no barrier between, without naming the nowait, because code
// right after a loop may equally run before the barrier of a loop without nowait (a
// lastprivate copy, race_explain_lastprivate.c). The racy values are not printed.
//
// MODES: fast precise
// EXPECT: race
#include <stdio.h>

#define N 64
int a, c;
int seen[N], last[64];

int main(void) {
#pragma omp parallel
  {
#pragma omp sections nowait
    {
#pragma omp section
      a = 1;
#pragma omp section
      seen[0] = 0;
    }
#pragma omp for
    for (int i = 1; i < N; i++)
      seen[i] = a;
#pragma omp for nowait
    for (int i = 0; i < N; i++)
      if (i == 0)
        c = 1;
    volatile int t = c;
    (void)t;
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_nowait.c:27:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}race_explain_nowait.c:24)
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_explain_nowait.c:33:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_explain_nowait.c:31)
  // CHECK-NEXT: ==ompracer==   location: global 'a' of 4 bytes, declared at {{(.*/)?}}race_explain_nowait.c:18
  // CHECK-NEXT: ==ompracer==   why: the nowait at {{(.*/)?}}race_explain_nowait.c:24 removes the barrier at the end of the omp sections: one access is in that omp sections, the other after it, in another thread's implicit task of the omp parallel at {{(.*/)?}}race_explain_nowait.c:22
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_nowait.c:37:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_explain_nowait.c:34)
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_explain_nowait.c:38:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_explain_nowait.c:22)
  // CHECK-NEXT: ==ompracer==   location: global 'c' of 4 bytes, declared at {{(.*/)?}}race_explain_nowait.c:18
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_explain_nowait.c:22, with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  printf("done\n");
  return 0;
}
