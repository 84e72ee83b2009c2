// precise_fig2_11_tw110.c -- seed Figure 2.11 without the innermost taskwait (tw3).
//
// main { task T1 { x1; task T2 { x2; task T3 { x3 }; y2 }; tw2; y1 }; tw1; d }.
// T2 ends without waiting for T3, so x3 is ordered neither before y1 nor before d
// (tw2 and tw1 wait for children only, not grandchildren): x3 writes `v`, d reads
// it: one write/read report in precise mode. x2 writes `u`, y1 reads it after tw2:
// ordered, no race; y2 reads `w` (from x1, ordered by creation): no race. Fast
// mode would miss x3 || d (and warns so): precise mode only.
//
// MODES: precise
// EXPECT: race
// VERDICT: precise task at 28
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
        // (no taskwait here)
        y2_seen = w;
      }
#pragma omp taskwait
      y1_seen = u;
    }
#pragma omp taskwait
    d_seen = v;
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_fig2_11_tw110.c:[[@LINE-11]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}precise_fig2_11_tw110.c:[[@LINE-12]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}precise_fig2_11_tw110.c:[[@LINE-4]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_fig2_11_tw110.c:[[@LINE-22]])
  // CHECK-NEXT: ==ompracer==   location: global 'v' of 4 bytes, declared at {{(.*/)?}}precise_fig2_11_tw110.c:[[@LINE-29]]
  // CHECK-NEXT: ==ompracer==   why: the taskwait at {{(.*/)?}}precise_fig2_11_tw110.c:[[@LINE-7]] waits for child tasks, not for the descendant task created at {{(.*/)?}}precise_fig2_11_tw110.c:[[@LINE-15]]
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("done\n");
  return 0;
}
