// precise_fig4_4_grandchild_read.c -- seed Figure 4.4: a read in a grandchild races
// with a write after the taskwait.
//
// task T1 { task TA { RdA(x) }; RdB(x) }; task T2 { RdC(x) }; taskwait; WrD(x).
// The taskwait waits for T1 and T2 (children) but not for TA (a grandchild T1 did
// not wait for). RdB and RdC are ordered before WrD; RdA is not: one read/write
// report (RdA, WrD), in precise mode. The three reads do not conflict with each
// other. Fast mode misses RdA || WrD (it warns that it may miss races): precise
// mode only.
//
// MODES: precise
// EXPECT: race
// VERDICT: precise task at 26
#include <omp.h>
#include <stdio.h>

int x = 5;
int ra, rb, rc;

__attribute__((noinline)) static int use(int v) { return v + 1; }

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    {
#pragma omp task
      ra = use(x);
      rb = use(x);
    }
#pragma omp task
    rc = use(x);
#pragma omp taskwait
    x = 9;
  }
  // CHECK: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}precise_fig4_4_grandchild_read.c:[[@LINE-9]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}precise_fig4_4_grandchild_read.c:[[@LINE-10]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_fig4_4_grandchild_read.c:[[@LINE-4]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_fig4_4_grandchild_read.c:[[@LINE-16]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}precise_fig4_4_grandchild_read.c:[[@LINE-23]]
  // CHECK-NEXT: ==ompracer==   why: the taskwait at {{(.*/)?}}precise_fig4_4_grandchild_read.c:[[@LINE-7]] waits for child tasks, not for the grandchild created at {{(.*/)?}}precise_fig4_4_grandchild_read.c:[[@LINE-13]]
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("rb=%d rc=%d x=%d\n", rb, rc, x);
  return 0;
}
