// norace_task_heap_reuse.c -- sibling tasks get the same heap block from malloc.
//
// Every task mallocs a scratch buffer, fills it through a pointer, sums it and
// frees it. The allocator hands the block freed by one task to the next task
// that runs on the same thread, although the two tasks are logically parallel.
// Memory returned by malloc is a new object: no conflict with the freed one.
// Each task writes its own out[i]. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define NT 40
int out[NT];

__attribute__((noinline)) static void fill(int *b, int n, int v) {
  for (int k = 0; k < n; k++)
    b[k] = v * k;
}

int main(void) {
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < NT; i++) {
#pragma omp task firstprivate(i)
      {
        int *tmp = malloc(32 * sizeof(int));
        fill(tmp, 32, i);
        int s = 0;
        for (int k = 0; k < 32; k++)
          s += tmp[k];
        out[i] = s;
        free(tmp);
      }
    }
  }
  long sum = 0;
  for (int i = 0; i < NT; i++)
    sum += out[i];
  printf("sum=%ld\n", sum);
  return 0;
}
