// precise_fig4_5_array_sum.c -- seed Figure 4.5: array sum with tasks, missing taskwait.
//
// parallel { for schedule(dynamic,1): a[i] = i; single { task { psum[1] = a[2] +
// a[3] } task { psum[0] = a[0] + a[1] } sum = psum[0] + psum[1]; } }. The loop's
// implicit barrier orders the writes of a[] before the tasks' reads. The single
// reads psum[0] and psum[1] without a taskwait, in parallel with the tasks that
// write them: two write/read reports (one per element, both reads on the sum
// line). The taskwaits present are fully nested (there are none), so fast and
// precise mode report the same two races.
//
// MODES: fast precise
// EXPECT: race
// VERDICT: fast
#include <omp.h>
#include <stdio.h>

int a[4];
int psum[2];
int sum;

int main(void) {
#pragma omp parallel
  {
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < 4; i++)
      a[i] = i;
#pragma omp single
    {
#pragma omp task
      psum[1] = a[2] + a[3];
#pragma omp task
      psum[0] = a[0] + a[1];
      sum = psum[0] + psum[1];
    }
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_fig4_5_array_sum.c:[[@LINE-7]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}precise_fig4_5_array_sum.c:[[@LINE-8]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}precise_fig4_5_array_sum.c:[[@LINE-5]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_fig4_5_array_sum.c:[[@LINE-16]])
  // CHECK-NEXT: ==ompracer==   location: global 'psum' of 8 bytes, declared at {{(.*/)?}}precise_fig4_5_array_sum.c:[[@LINE-21]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}precise_fig4_5_array_sum.c:[[@LINE-11]] runs in parallel with what its creator does after creating it: no taskwait, taskgroup or dependence orders them
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_fig4_5_array_sum.c:[[@LINE-10]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}precise_fig4_5_array_sum.c:[[@LINE-11]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}precise_fig4_5_array_sum.c:[[@LINE-10]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_fig4_5_array_sum.c:[[@LINE-21]])
  // CHECK-NEXT: ==ompracer==   location: global 'psum' of 8 bytes, declared at {{(.*/)?}}precise_fig4_5_array_sum.c:[[@LINE-26]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}precise_fig4_5_array_sum.c:[[@LINE-14]] runs in parallel with what its creator does after creating it: no taskwait, taskgroup or dependence orders them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  long total = 0;
  for (int i = 0; i < 4; i++)
    total += a[i];
  printf("total=%ld\n", total);
  return 0;
}
