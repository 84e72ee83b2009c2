// precise_fig2_11_tw111.c -- seed Figure 2.11, all three taskwaits present.
//
// main { task T1 { x1; task T2 { x2; task T3 { x3 }; tw3; y2 }; tw2; y1 }; tw1; d }
// with every task waiting for its child: x3 (writes `v`) is ordered before y2, y1
// and d, which read `v`; x2 (writes `u`) before y1, which reads `u`; x1 (writes
// `w`) before x2, which reads it (creation order). No race in either mode, and no
// fast-mode warning (taskwaits fully nested).
//
// MODES: fast precise
// EXPECT: norace
// VERDICT: fast
// CHECK-NOT: ==ompracer==
// PRECISE-NOT: ==ompracer==
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
      y1_seen = u;
    }
#pragma omp taskwait
    d_seen = v;
  }

  printf("done\n");
  return 0;
}
