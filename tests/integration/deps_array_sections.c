// deps_array_sections.c -- several dependences and array sections per task.
//
// Task A (depend(out: a[0:4])) fills a[0..3]; task B (depend(out: b[0:4])) fills
// b[0..3]. Task C (depend(in: a[0:4], b[0:4]) depend(out: c)) reads both arrays
// and writes `c`: it is ordered after A and B (the sections name the same storage
// as theirs). Task D (depend(inout: a[0:4]) depend(in: c)) reads `c` and
// overwrites a[]: ordered after C (and, through the inout, after C's reads of a[]).
// No race in either mode.
//
// MODES: fast precise
// EXPECT: norace
// VERDICT: fast
// CHECK-NOT: ==ompracer==
// PRECISE-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int a[4], b[4];
int c;

__attribute__((noinline)) static void fill(int *p, int base) {
  for (int i = 0; i < 4; i++)
    p[i] = base + i;
}

__attribute__((noinline)) static int dot(const int *p, const int *q) {
  int s = 0;
  for (int i = 0; i < 4; i++)
    s += p[i] * q[i];
  return s;
}

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: a[0:4])
    fill(a, 1);
#pragma omp task depend(out: b[0:4])
    fill(b, 10);
#pragma omp task depend(in: a[0:4], b[0:4]) depend(out: c)
    c = dot(a, b);
#pragma omp task depend(inout: a[0:4]) depend(in: c)
    fill(a, c);
#pragma omp taskwait
  }
  printf("c=%d a3=%d\n", c, a[3]);
  return 0;
}
