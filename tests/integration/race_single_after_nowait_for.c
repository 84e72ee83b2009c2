// race_single_after_nowait_for.c -- a single after an omp for nowait reads what an
// iteration wrote.
//
// Which thread runs the single is unspecified: with a static schedule, iteration 0
// is thread 0's, and when thread 0 also runs the single the tree orders the two
// (program order of one thread); when another thread runs it, nothing does. Either
// way it is one write/read race, reported in every run at every team size of two or
// more (a schedule-independent verdict).
//
// EXPECT: race
#include <stdio.h>

#define N 64
int a[N];
int first;

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp parallel
  {
#pragma omp for nowait schedule(static)
    for (int i = 0; i < N; i++)
      a[i] = 2 * a[i] + 1;
#pragma omp single
    first = a[0];
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_single_after_nowait_for.c:[[@LINE-5]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_single_after_nowait_for.c:[[@LINE-7]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_single_after_nowait_for.c:[[@LINE-4]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_single_after_nowait_for.c:[[@LINE-10]])
  // CHECK-NEXT: ==ompracer==   location: global 'a' of 256 bytes, declared at {{(.*/)?}}race_single_after_nowait_for.c:[[@LINE-17]] (offset 0)
  // CHECK-NEXT: ==ompracer==   why: {{(which thread runs the omp single at .*race_single_after_nowait_for.c:25 is unspecified, and no barrier separates it from the omp for at .*race_single_after_nowait_for.c:22 \(a nowait\): this run had one thread run both, but another thread of the team may run the single while this one runs the omp for|the nowait at .*race_single_after_nowait_for.c:22 removes the barrier at the end of the omp for: one access is in that omp for, the other after it, in another thread's implicit task of the omp parallel at .*race_single_after_nowait_for.c:20)$}}
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("%s\n", first >= 0 ? "done" : "negative"); /* 0 or 1: the race decides */
  return 0;
}
