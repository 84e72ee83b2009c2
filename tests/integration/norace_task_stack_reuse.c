// norace_task_stack_reuse.c -- sibling tasks reuse the same stack addresses.
//
// Each task has a local array `buf` whose address escapes into fill(), so its
// accesses are instrumented. Tasks that run one after another on the same
// thread get the same stack addresses for their `buf`, although the tasks are
// logically parallel siblings. A local of a finished task is dead memory: the
// next task's `buf` is a new object, not a conflict. Each task's result goes to
// its own out[i]. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

#define NT 40
int out[NT];

__attribute__((noinline)) static void fill(int *b, int n, int v) {
  for (int k = 0; k < n; k++)
    b[k] = v + k;
}

__attribute__((noinline)) static int work(int i) {
  int buf[16];
  fill(buf, 16, i);
  return buf[0] + buf[15];
}

int main(void) {
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < NT; i++) {
#pragma omp task firstprivate(i)
      out[i] = work(i);
    }
  }
  long sum = 0;
  for (int i = 0; i < NT; i++)
    sum += out[i];
  printf("sum=%ld\n", sum);
  return 0;
}
