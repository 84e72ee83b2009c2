// norace_task_vla_reuse.c -- sibling tasks reuse the same stack addresses for a
// variable-length array and for alloca.
//
// Each task puts a VLA and an alloca block on its stack (both sized at run time:
// the pass sees dynamic stack allocations, not fixed slots) and fills them
// through a pointer, so their accesses are instrumented. Tasks that run one after
// another on the same thread get the same stack addresses, although they are
// logically parallel siblings: if the new arrays kept the dead ones' history, the
// second task's writes would be reported against the first task's. Each task's
// result goes to its own out[i]. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <alloca.h>
#include <stdio.h>

#define NT 40
int out[NT];
int len = 24; // only read: the arrays' length is known at run time only

__attribute__((noinline)) static void fill(int *b, int n, int v) {
  for (int k = 0; k < n; k++)
    b[k] = v + k;
}

__attribute__((noinline)) static int sum(const int *b, int n) {
  int s = 0;
  for (int k = 0; k < n; k++)
    s += b[k];
  return s;
}

__attribute__((noinline)) static int work(int i) {
  int n = len;
  int vla[n];
  int *a = alloca(n * sizeof(int));
  fill(vla, n, i);
  fill(a, n, 2 * i);
  return sum(vla, n) + sum(a, n);
}

int main(void) {
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < NT; i++) {
#pragma omp task firstprivate(i)
      {
        int n = len; // a VLA in the task's own (outlined) body too
        int local[n];
        fill(local, n, i);
        out[i] = work(i) + sum(local, n);
      }
    }
  }
  long total = 0;
  for (int i = 0; i < NT; i++)
    total += out[i];
  printf("sum=%ld\n", total);
  return 0;
}
