// precise_fig2_11_tw101.c -- seed Figure 2.11 without the middle taskwait (tw2).
//
// main { task T1 { x1; task T2 { x2; task T3 { x3 }; tw3; y2 }; y1 }; tw1; d }.
// T2 waits for T3 (x3 before y2), but T1 ends without waiting for T2, and tw1
// waits only for T1: x3 and y2 are not ordered before d. x3 writes `v`; y2 reads
// it after tw3 (no race); d reads it: x3 || d, one write/read report in precise
// mode (y2 and d only both read `v`). y1 reads `w` (its own task): no race. Fast
// mode would miss x3 || d (and warns so): precise mode only.
//
// MODES: precise
// EXPECT: race
// VERDICT: precise task at 25
#include <omp.h>
#include <stdio.h>

int v;      // written by x3 (in T3)
int u;      // written by x2 (in T2)
int w;      // written by x1 (in T1)
int y2_seen, y1_seen, d_seen;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    {
      w = 1;
#pragma omp task
      {
        u = 2 + w;
#pragma omp task
        v = 3;
#pragma omp taskwait
        y2_seen = v;
      }
      // (no taskwait here)
      y1_seen = w;
    }
#pragma omp taskwait
    d_seen = v;
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_fig2_11_tw101.c:[[@LINE-11]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}precise_fig2_11_tw101.c:[[@LINE-12]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}precise_fig2_11_tw101.c:[[@LINE-4]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_fig2_11_tw101.c:[[@LINE-22]])
  // CHECK-NEXT: ==ompracer==   location: global 'v' of 4 bytes, declared at {{(.*/)?}}precise_fig2_11_tw101.c:[[@LINE-29]]
  // CHECK-NEXT: ==ompracer==   why: the taskwait at {{(.*/)?}}precise_fig2_11_tw101.c:[[@LINE-7]] waits for child tasks, not for the grandchild created at {{(.*/)?}}precise_fig2_11_tw101.c:[[@LINE-18]]
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("done\n");
  return 0;
}
