// precise_fig2_11_tw011.c -- seed Figure 2.11 without the outermost taskwait (tw1).
//
// main { task T1 { x1; task T2 { x2; task T3 { x3 }; tw3; y2 }; tw2; y1 }; d }.
// T1 and T2 wait for their children, so x3 (writes `v`) is ordered before y2 and
// y1 (which read `v`): no race there. But main does not wait for T1 before d: d
// reads `v` in parallel with x3: one write/read report. The taskwaits that exist
// are fully nested, so fast mode finds the same single race (the region's
// implicit barrier, not a taskwait, ends T1): both modes.
//
// MODES: fast precise
// EXPECT: race
// VERDICT: fast
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
#pragma omp taskwait
      y1_seen = v;
    }
    // (no taskwait here)
    d_seen = v;
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_fig2_11_tw011.c:[[@LINE-11]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}precise_fig2_11_tw011.c:[[@LINE-12]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}precise_fig2_11_tw011.c:[[@LINE-4]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_fig2_11_tw011.c:[[@LINE-22]])
  // CHECK-NEXT: ==ompracer==   location: global 'v' of 4 bytes, declared at {{(.*/)?}}precise_fig2_11_tw011.c:[[@LINE-29]]
  // CHECK-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}precise_fig2_11_tw011.c:[[@LINE-21]] runs in parallel with what its creator does after creating it: no taskwait, taskgroup or dependence orders them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("done\n");
  return 0;
}
