// norace_realloc_move_reuse.c -- realloc and reallocarray move a block to memory a
// sibling task freed.
//
// Every task mallocs a small block, fills it, mallocs a second small block right
// behind it (so realloc cannot grow the first in place), then reallocs the first
// to 1 KiB: realloc moves it, copying the old contents, and the new address is
// often that of a 1 KiB block that an earlier task on the same thread freed,
// although the two tasks are logically parallel. The task then writes and reads
// the whole new block and frees everything; a second block grows the same way
// through reallocarray (elements and element size as two arguments). If the moved-to block kept the freed
// one's history, its writes would be reported against the earlier task's.
// Memory returned by realloc is a new object. Each task writes its own out[i].
// No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>
#include <stdlib.h>

#define NT 40
#define SMALL 8
#define BIG 256
int out[NT];

__attribute__((noinline)) static void fill(int *b, int from, int to, int v) {
  for (int k = from; k < to; k++)
    b[k] = v * k;
}

// The reallocarray block's own helper, so that its reports would name other sites.
__attribute__((noinline)) static void fill2(int *b, int from, int to, int v) {
  for (int k = from; k < to; k++)
    b[k] = v - k;
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
        int *a = malloc(SMALL * sizeof(int));
        int *blocker = malloc(SMALL * sizeof(int));
        int *b = malloc(SMALL * sizeof(int));
        int *blocker2 = malloc(SMALL * sizeof(int));
        if (a && blocker && b && blocker2) {
          fill(a, 0, SMALL, i);
          fill(b, 0, SMALL, i + 1);
          int *big = realloc(a, BIG * sizeof(int));
          if (big) {
            a = big;
            fill(a, SMALL, BIG, i);
            out[i] = sum(a, BIG);
          }
          big = reallocarray(b, 2 * BIG, sizeof(int));
          if (big) {
            b = big;
            fill2(b, SMALL, 2 * BIG, i + 1);
            out[i] += sum(b, 2 * BIG);
          }
        }
        free(a);
        free(blocker);
        free(b);
        free(blocker2);
      }
    }
  }
  long total = 0;
  for (int i = 0; i < NT; i++)
    total += out[i];
  printf("sum=%ld\n", total);
  return 0;
}
