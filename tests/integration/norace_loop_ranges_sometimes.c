// norace_loop_ranges_sometimes.c -- an access at a loop-invariant address in a block
// that not every iteration runs (pass/LoopRanges.cpp, SOMETIMES) is checked on the
// loop's exit edges only if its block ran: here no iteration takes the branch, so the
// loops never touch `found` nor `limit` (through pointer arguments of functions with
// external linkage, which LICM may not dereference speculatively), which sibling tasks write. A check made whatever the
// branch did would report two races per loop. One loop is left only at
// its end, one also early (a search backwards: its exit edges get the check too).
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#define N 64
int values[N];
long found = -1;
int limit = 3;

__attribute__((noinline)) long scan(const int *v, long n, long *out, const int *lim) {
  long sum = 0;
  for (long i = 0; i < n; i++)
    if (v[i] < 0) {
      *out = i;
      sum += *lim;
    }
  return sum;
}

__attribute__((noinline)) long search_back(const int *v, long n, int key, long *out,
                                          const int *lim) {
  long i = n - 1;
  for (; i >= 0; i--) {
    if (v[i] < 0)
      *out = i * *lim;
    if (v[i] == key)
      break;
  }
  return i;
}

int main(void) {
  long s = 0, t = 0;
  for (int i = 0; i < N; i++)
    values[i] = i;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(s)
    s = scan(values, N, &found, &limit);
#pragma omp task shared(t)
    t = search_back(values, N, N / 2, &found, &limit);
#pragma omp task
    found = 0;
#pragma omp task
    limit = 4;
  }
  printf("%ld %ld %ld\n", s, t, found);
  return s == 0 && t == N / 2 && found == 0 ? 0 : 1;
}
