// deps_depobj.c -- dependences through depend objects.
//
// A depend object `o` is set to inout on `x` with `#pragma omp depobj(o)
// depend(inout: x)`; two tasks with depend(depobj: o) then behave like two
// depend(inout: x) tasks: the second (x += 5) is ordered after the first (x = 10).
// A third task with depend(in: x) reads `x` after both. The depend object is then
// destroyed. No race in either mode.
//
// MODES: fast precise
// EXPECT: norace
// VERDICT: fast
// CHECK-NOT: ==ompracer==
// PRECISE-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int x;
int seen;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
    omp_depend_t o;
#pragma omp depobj(o) depend(inout: x)
#pragma omp task depend(depobj: o)
    x = 10;
#pragma omp task depend(depobj: o)
    x = x + 5;
#pragma omp task depend(in: x)
    seen = x;
#pragma omp taskwait
#pragma omp depobj(o) destroy
  }
  printf("x=%d seen=%d\n", x, seen);
  return 0;
}
