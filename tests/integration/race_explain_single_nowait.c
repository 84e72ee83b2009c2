// race_explain_single_nowait.c -- the why line names the nowait of a single or of a
// sections construct followed by plain code.
//
// A single with nowait writes `d`; every thread reads `d` right after it. The threads
// that did not run the single read while it may still run: a single without nowait
// ends with a barrier that orders them, so the why line names the single's nowait
// (ompracer counts a single among the team's worksharing constructs to tell code after
// it from code before it). A second single with nowait creates a task and writes `f`
// after it; the loop after the single gives each thread one iteration, which reads
// `f`: the single's nowait is named again, whichever strand of its body the write is
// in (one read per thread: fast mode counts the bytes of one race twice when its read
// slots hold two iterations of one strand at one site). Then a sections construct
// with nowait writes `e` in one section and every thread reads `e` right after it: its
// nowait is named. Each variable has one racing pair of sites; the racy values are not
// printed.
//
// MODES: fast precise
// EXPECT: race
#include <omp.h>
#include <stdio.h>

#define N 64
int d, e, f, g;
int seen[N];

int main(void) {
#pragma omp parallel
  {
#pragma omp single nowait
    d = 1;
    volatile int u = d;
    (void)u;
#pragma omp single nowait
    {
#pragma omp task
      g = 1;
      f = 1;
    }
#pragma omp for
    for (int i = 0; i < omp_get_num_threads(); i++)
      seen[i] = f;
#pragma omp sections nowait
    {
#pragma omp section
      e = 1;
#pragma omp section
      seen[0] = 2;
    }
    volatile int v = e;
    (void)v;
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_single_nowait.c:30:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_explain_single_nowait.c:27)
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_explain_single_nowait.c:31:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_explain_single_nowait.c:27)
  // CHECK-NEXT: ==ompracer==   location: global 'd' of 4 bytes, declared at {{(.*/)?}}race_explain_single_nowait.c:23
  // CHECK-NEXT: ==ompracer==   why: the nowait at {{(.*/)?}}race_explain_single_nowait.c:29 removes the barrier at the end of the omp single: one access is in that omp single, the other after it, in another thread's implicit task of the omp parallel at {{(.*/)?}}race_explain_single_nowait.c:27
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_single_nowait.c:37:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_explain_single_nowait.c:27)
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_explain_single_nowait.c:41:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_explain_single_nowait.c:39)
  // CHECK-NEXT: ==ompracer==   location: global 'f' of 4 bytes, declared at {{(.*/)?}}race_explain_single_nowait.c:23
  // CHECK-NEXT: ==ompracer==   why: the nowait at {{(.*/)?}}race_explain_single_nowait.c:33 removes the barrier at the end of the omp single: one access is in that omp single, the other after it, in another thread's implicit task of the omp parallel at {{(.*/)?}}race_explain_single_nowait.c:27
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_single_nowait.c:45:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}race_explain_single_nowait.c:42)
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_explain_single_nowait.c:49:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_explain_single_nowait.c:27)
  // CHECK-NEXT: ==ompracer==   location: global 'e' of 4 bytes, declared at {{(.*/)?}}race_explain_single_nowait.c:23
  // CHECK-NEXT: ==ompracer==   why: the nowait at {{(.*/)?}}race_explain_single_nowait.c:42 removes the barrier at the end of the omp sections: one access is in that omp sections, the other after it, in another thread's implicit task of the omp parallel at {{(.*/)?}}race_explain_single_nowait.c:27
  // CHECK: ==ompracer== SUMMARY: 3 data race(s) reported
  printf("done\n");
  return 0;
}
