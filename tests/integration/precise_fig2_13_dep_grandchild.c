// precise_fig2_13_dep_grandchild.c -- seed Figure 2.13: a dependence does not order a
// grandchild that its task did not wait for.
//
// A; task T1 depend(out: tok) { B; task C { ... }; D }; task T2 depend(in: tok)
// { E; task F { ... }; taskwait; G }; taskwait; H. The dependence orders T1 (B
// and D) before T2 (E, F, G). But T1 ends without waiting for its child C, so C
// is ordered before none of E, F, G, H. C writes `c_out`, F (a child of T2)
// reads it: one write/read report in precise mode. D writes `d_out`; E, F and G
// read it: ordered by the dependence, no race. Fast mode reads T1's end as
// waiting for C and misses C || F (it warns that it may miss races): precise mode
// only (deps_grandchild.c runs a similar program in both modes).
//
// MODES: precise
// EXPECT: race
// VERDICT: precise task at 30
#include <omp.h>
#include <stdio.h>

int tok;
int a_val;
int c_out;
int d_out;
int e_seen, f_seen, f_d_seen, g_seen;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
    a_val = 1;
#pragma omp task depend(out: tok)
    {
      int b = a_val + 1;
#pragma omp task
      c_out = 7;
      d_out = b;
    }
#pragma omp task depend(in: tok)
    {
      e_seen = d_out;
#pragma omp task
      {
        f_d_seen = d_out;
        f_seen = c_out;
      }
#pragma omp taskwait
      g_seen = d_out + f_d_seen;
    }
#pragma omp taskwait
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_fig2_13_dep_grandchild.c:[[@LINE-17]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}precise_fig2_13_dep_grandchild.c:[[@LINE-18]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}precise_fig2_13_dep_grandchild.c:[[@LINE-9]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}precise_fig2_13_dep_grandchild.c:[[@LINE-12]])
  // CHECK-NEXT: ==ompracer==   location: global 'c_out' of 4 bytes, declared at {{(.*/)?}}precise_fig2_13_dep_grandchild.c:[[@LINE-32]]
  // CHECK-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}precise_fig2_13_dep_grandchild.c:[[@LINE-24]] runs in parallel with what its creator does after creating it: no taskwait, taskgroup or dependence orders them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("e=%d g=%d\n", e_seen, g_seen);
  return 0;
}
