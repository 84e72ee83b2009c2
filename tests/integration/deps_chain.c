// deps_chain.c -- a chain of dependences orders every task after the previous one.
//
// Five sibling tasks on `x`: out (x = 1), inout (x *= 10), inout (x += 5), in
// (copy = x), then out again (x = -1, after the reader: an out waits for the
// earlier in). Each task conflicts only with tasks it is chained to, directly or
// through other tasks. A second chain on `y` uses out -> in -> inout. No race in
// either mode.
//
// MODES: fast precise
// EXPECT: norace
// VERDICT: fast
// CHECK-NOT: ==ompracer==
// PRECISE-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int x, y;
int copy, y_copy;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: x)
    x = 1;
#pragma omp task depend(out: y)
    y = 2;
#pragma omp task depend(inout: x)
    x = x * 10;
#pragma omp task depend(in: y)
    y_copy = y;
#pragma omp task depend(inout: x)
    x = x + 5;
#pragma omp task depend(inout: y)
    y = y + y_copy;
#pragma omp task depend(in: x)
    copy = x;
#pragma omp task depend(out: x)
    x = -1;
#pragma omp taskwait
  }
  printf("x=%d y=%d copy=%d y_copy=%d\n", x, y, copy, y_copy);
  return 0;
}
