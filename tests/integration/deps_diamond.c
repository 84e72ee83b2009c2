// deps_diamond.c -- a diamond of dependences: A -> {B, C} -> D.
//
// A (depend(out: a)) writes `a`. B (in: a, out: b) and C (in: a, out: c) both
// read `a` (read/read, no conflict) and write their own `b` and `c`. D (in: b, c,
// then inout: a) reads `b` and `c` and overwrites `a`: it is ordered after B and
// C (through b and c, and through the inout on a) and after A (through them).
// Every conflicting pair is connected by a path of dependences. No race in either
// mode.
//
// MODES: fast precise
// EXPECT: norace
// VERDICT: fast
// CHECK-NOT: ==ompracer==
// PRECISE-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int a, b, c;
int d_sum;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: a)
    a = 3;
#pragma omp task depend(in: a) depend(out: b)
    b = a * 2;
#pragma omp task depend(in: a) depend(out: c)
    c = a * 5;
#pragma omp task depend(in: b, c) depend(inout: a)
    {
      d_sum = b + c;
      a = d_sum;
    }
#pragma omp taskwait
  }
  printf("a=%d b=%d c=%d\n", a, b, c);
  return 0;
}
