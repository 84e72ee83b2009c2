// precise_fig2_10c_taskwait_not_nested.c -- seed Figure 2.10(c): a taskwait does not
// wait for grandchildren.
//
// task T { A; task B { ... }; C } ; taskwait; D. T creates B and ends without a
// taskwait of its own. The taskwait after T waits only for T (a child), not for
// B (a grandchild), so B is logically parallel with D: B writes `shared_x`, D
// (after the taskwait) reads it: one write/read report in precise mode. T's own
// writes (`a_val` in A, `c_val` in C) are ordered before D by the taskwait and
// read there without a race. Fast mode reads the taskwait as waiting for the
// whole subtree and misses B || D (it warns that it may miss races), so the
// program runs in precise mode only.
//
// MODES: precise
// EXPECT: race
// VERDICT: precise task at 28
#include <omp.h>
#include <stdio.h>

int shared_x;
int a_val, c_val;
int d_seen;
int after_d;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    {
      a_val = 1;
#pragma omp task
      shared_x = 42;
      c_val = 2;
    }
#pragma omp taskwait
    d_seen = shared_x;
    after_d = a_val + c_val;
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_fig2_10c_taskwait_not_nested.c:[[@LINE-8]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}precise_fig2_10c_taskwait_not_nested.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}precise_fig2_10c_taskwait_not_nested.c:[[@LINE-5]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_fig2_10c_taskwait_not_nested.c:[[@LINE-16]])
  // CHECK-NEXT: ==ompracer==   location: global 'shared_x' of 4 bytes, declared at {{(.*/)?}}precise_fig2_10c_taskwait_not_nested.c:[[@LINE-23]]
  // CHECK-NEXT: ==ompracer==   why: the taskwait at {{(.*/)?}}precise_fig2_10c_taskwait_not_nested.c:[[@LINE-8]] waits for child tasks, not for the grandchild created at {{(.*/)?}}precise_fig2_10c_taskwait_not_nested.c:[[@LINE-12]]
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("after_d=%d\n", after_d);
  return 0;
}
