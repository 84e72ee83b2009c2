// norace_calloc_reuse.c -- sibling tasks get the same heap block from calloc.
//
// Every task callocs a scratch buffer (n elements of size bytes: the block is
// n * size bytes; n is read from a global, so the pass computes the size at run
// time), reads the zeroes calloc put there, fills it through a pointer, sums it
// and frees it. The allocator hands the block freed by one task to the
// next task that runs on the same thread, although the two tasks are logically
// parallel. Memory returned by calloc is a new object, all n * size bytes of it:
// no conflict with the freed one. Each task writes its own out[i]. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define NT 40
#define LEN 32
int out[NT];
int len = LEN; // only read

__attribute__((noinline)) static int zeroes(const int *b, int n) {
  int z = 0;
  for (int k = 0; k < n; k++)
    z += b[k] == 0;
  return z;
}

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
        int *tmp = calloc(len, sizeof(int));
        int z = zeroes(tmp, LEN);
        fill(tmp, LEN, i);
        int s = 0;
        for (int k = 0; k < LEN; k++)
          s += tmp[k];
        out[i] = s + z;
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
