// norace_confined_deep_recursion.c -- more live confined locals than a thread keeps.
//
// walk() recurses 400 deep, each call with a local array reached only through
// helpers that keep no copy of the pointer: confined to the running task
// (runtime/confined.h). A thread keeps at most 128 live confined slots; the others are
// ordinary fresh memory, checked like any other local. Every task walks its own
// recursion and writes its result to its own element. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#define NT 8

__attribute__((noinline)) static void fill(int *p, int d) {
  for (int k = 0; k < 4; k++)
    p[k] = d + k;
}

__attribute__((noinline)) static int total(const int *p) { return p[0] + p[1] + p[2] + p[3]; }

__attribute__((noinline)) static long walk(int d) {
  int loc[4];
  fill(loc, d);
  long below = d ? walk(d - 1) : 0;
  fill(loc, total(loc));
  return below + total(loc) % 7;
}

int main(void) {
  long out[NT];
#pragma omp parallel
#pragma omp single
  for (int t = 0; t < NT; t++) {
#pragma omp task firstprivate(t) shared(out)
    out[t] = walk(400 + t);
  }
  long s = 0;
  for (int t = 0; t < NT; t++)
    s += out[t];
  printf("sum=%ld\n", s);
  return 0;
}
