// race_explain_nowait.c -- the why line names the nowait that removed a barrier.
//
// A sections construct with nowait writes `a` in one section; the loop after it gives
// each thread one iteration, which reads `a` (one read per thread: fast mode counts
// the bytes of one race twice when its read slots hold two iterations of one strand at
// one site). The threads that did not run that section run their iteration while it
// may still run: their reads race with the write, and the why line names the
// sections' nowait, the barrier that would have ordered them. Then a loop with nowait
// writes `c` in its first iteration and every thread reads `c` right after the loop,
// outside any construct: the program's own code, unordered with the loop only because
// of the nowait, which is named too (a lastprivate copy there is not: it runs before
// the barrier of a loop without nowait as well, race_explain_lastprivate.c). The racy
// values are not printed.
//
// MODES: fast precise
// EXPECT: race
#include <omp.h>
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
    for (int i = 0; i < omp_get_num_threads(); i++)
      seen[i + 1] = a;
#pragma omp for nowait
    for (int i = 0; i < N; i++)
      if (i == 0)
        c = 1;
    volatile int t = c;
    (void)t;
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_nowait.c:30:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}race_explain_nowait.c:27)
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_explain_nowait.c:36:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_explain_nowait.c:34)
  // CHECK-NEXT: ==ompracer==   location: global 'a' of 4 bytes, declared at {{(.*/)?}}race_explain_nowait.c:21
  // CHECK-NEXT: ==ompracer==   why: the nowait at {{(.*/)?}}race_explain_nowait.c:27 removes the barrier at the end of the omp sections: one access is in that omp sections, the other after it, in another thread's implicit task of the omp parallel at {{(.*/)?}}race_explain_nowait.c:25
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_nowait.c:40:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_explain_nowait.c:37)
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_explain_nowait.c:41:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_explain_nowait.c:25)
  // CHECK-NEXT: ==ompracer==   location: global 'c' of 4 bytes, declared at {{(.*/)?}}race_explain_nowait.c:21
  // CHECK-NEXT: ==ompracer==   why: the nowait at {{(.*/)?}}race_explain_nowait.c:37 removes the barrier at the end of the omp for: one access is in that omp for, the other after it, in another thread's implicit task of the omp parallel at {{(.*/)?}}race_explain_nowait.c:25
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  printf("done\n");
  return 0;
}
