// norace_memalign_reuse.c -- sibling tasks get the same heap block from memalign
// (and from valloc).
//
// Every task takes a 64-byte aligned scratch block from memalign and a
// page-aligned one from valloc (both obsolete glibc allocators that programs
// still use), fills them through pointers, sums them and frees them. The
// allocator hands the blocks freed by one task to the next task that runs on the
// same thread, although the two tasks are logically parallel: if a block kept
// the freed one's history, the second task's writes would be reported against
// the first task's. Each task writes its own out[i]. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <malloc.h>
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
        int *a = memalign(64, LEN * sizeof(int));
        int *b = valloc(LEN * sizeof(int));
        if (a && b) {
          fill(a, LEN, i);
          fill(b, LEN, i + 1);
          out[i] = sum(a, LEN) + sum(b, LEN);
        }
        free(a);
        free(b);
      }
    }
  }
  long total = 0;
  for (int i = 0; i < NT; i++)
    total += out[i];
  printf("sum=%ld\n", total);
  return 0;
}
