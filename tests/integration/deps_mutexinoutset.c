// deps_mutexinoutset.c -- members of a mutexinoutset group never race with each other.
//
// After a producer (depend(out: acc)), eight tasks update `acc` with
// depend(mutexinoutset: acc): they may run in any order but never at the same
// time, and each is ordered after the producer. A final task with depend(in:
// acc) reads the total after all of them. The sum does not depend on the order.
// No race in either mode (mutexinoutset is a dependence, not a lock, so fast
// mode prints no warning).
//
// MODES: fast precise
// EXPECT: norace
// VERDICT: fast
// CHECK-NOT: ==ompracer==
// PRECISE-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int acc;
int total;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: acc)
    acc = 100;
    for (int i = 1; i <= 8; i++) {
#pragma omp task depend(mutexinoutset: acc) firstprivate(i)
      acc = acc + i;
    }
#pragma omp task depend(in: acc)
    total = acc;
#pragma omp taskwait
  }
  printf("total=%d\n", total);
  return 0;
}
