// precise_reduction.c -- reductions do not race.
//
// A `parallel for` with reduction(+: total) and reduction(max: top), and a
// `parallel` with reduction(+: members): every thread updates its private copy,
// and the combining step into the shared variable counts as atomic, whichever
// method libomp picks (tree, atomic or critical): the combining steps never race
// with each other, and the reads after the regions are ordered by the join. No
// race in either mode, and no fast-mode warning (a reduction's critical section
// is not mutual exclusion of user code).
//
// MODES: fast precise
// EXPECT: norace
// VERDICT: fast
// CHECK-NOT: ==ompracer==
// PRECISE-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

#define N 1000
int a[N];

__attribute__((noinline)) static int value(int i) { return (i * 37) % 101; }

int main(void) {
  long total = 0;
  int top = -1;
  int members = 0;
  for (int i = 0; i < N; i++)
    a[i] = value(i);
#pragma omp parallel for reduction(+: total) reduction(max: top)
  for (int i = 0; i < N; i++) {
    total += a[i];
    if (a[i] > top)
      top = a[i];
  }
#pragma omp parallel reduction(+: members)
  members += 1;
  printf("total=%ld top=%d members_ok=%d\n", total, top, members == omp_get_max_threads());
  return 0;
}
