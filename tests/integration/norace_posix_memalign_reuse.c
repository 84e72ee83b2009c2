// norace_posix_memalign_reuse.c -- sibling tasks get the same heap block from
// posix_memalign.
//
// Every task takes a 64-byte aligned scratch block from posix_memalign, which
// returns it through its first argument (not as its result), fills it through a
// pointer, sums it and frees it. The allocator hands the block freed by one task
// to the next task that runs on the same thread, although the two tasks are
// logically parallel: if the block kept the freed one's history, the second
// task's writes would be reported against the first task's. The block
// posix_memalign stores in *memptr when it returns 0 is a new object. Each task
// writes its own out[i]. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>
#include <stdlib.h>

#define NT 40
#define LEN 64
int out[NT];

__attribute__((noinline)) static void fill(int *b, int n, int v) {
  for (int k = 0; k < n; k++)
    b[k] = v * k;
}

__attribute__((noinline)) static int sum(const int *b, int n) {
  int s = 0;
  for (int k = 0; k < n; k++)
    s += b[k];
  return s;
}

int main(void) {
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < NT; i++) {
#pragma omp task firstprivate(i)
      {
        void *p = NULL;
        if (posix_memalign(&p, 64, LEN * sizeof(int)) == 0) {
          int *tmp = p;
          fill(tmp, LEN, i);
          out[i] = sum(tmp, LEN);
          free(tmp);
        }
      }
    }
  }
  long total = 0;
  for (int i = 0; i < NT; i++)
    total += out[i];
  printf("sum=%ld\n", total);
  return 0;
}
