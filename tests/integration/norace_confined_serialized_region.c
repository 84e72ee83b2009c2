// norace_confined_serialized_region.c -- a confined local reached by another task on
// the same thread: a parallel region with if(0).
//
// run()'s `loc` reaches only fill() and the outlined body of a parallel region that
// if(0) serialises (clang calls it directly, so the pass sees every use): `loc` is
// confined to the implicit task that runs run() (runtime/confined.h). The region's
// one thread runs it as another implicit task: that access unconfines `loc` (it is
// checked, and from then on `loc` is ordinary memory), and run()'s later accesses
// are checked too. Every thread of the outer region has its own `loc`. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#define N 8

__attribute__((noinline)) static void fill(int *p, int base) {
  for (int i = 0; i < N; i++)
    p[i] = base + i;
}

__attribute__((noinline)) static int run(int base) {
  int loc[N];
  fill(loc, base);
#pragma omp parallel if (0)
  loc[2] += 5;
  int r = loc[2];
  fill(loc, r);
  return loc[0] - r;
}

int main(void) {
  int ok = 1;
#pragma omp parallel reduction(&& : ok)
  ok = run(1) == 0;
  printf("ok=%d\n", ok);
  return 0;
}
