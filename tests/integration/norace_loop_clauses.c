// norace_loop_clauses.c -- clauses that give each iteration or thread its own copy:
// lastprivate, linear, collapse(2) over distinct elements, firstprivate, an array
// section reduction, min/max reductions, copyprivate, threadprivate with copyin,
// `loop`, `masked filter` (clang 19 does not accept `scope`), and every form of atomic. No race anywhere.
//
// MODES: fast precise
// EXPECT: norace
// CHECK-NOT: ==ompracer==
// PRECISE-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

#define N 32
int grid[N][N], a[N];
int last, lin = 0, counter, seen;
static int tp = 7;
#pragma omp threadprivate(tp)


int main(void) {
  int step = 3, hist[4] = {0, 0, 0, 0}; /* clang 19 mishandles a global array section */
  int lo = 1000, hi = -1000;
  tp = 11;
#pragma omp parallel copyin(tp) firstprivate(step)
  {
#pragma omp for lastprivate(last) linear(lin : 2)
    for (int i = 0; i < N; i++) {
      a[i] = i * step + tp;
      last = i;
      lin += 0;
    }
#pragma omp for collapse(2)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        grid[i][j] = i + j;
#pragma omp for reduction(+ : hist[0 : 4]) reduction(min : lo) reduction(max : hi)
    for (int i = 0; i < N; i++) {
      hist[i % 4] += 1;
      if (a[i] < lo)
        lo = a[i];
      if (a[i] > hi)
        hi = a[i];
    }
    int bcast;
#pragma omp single copyprivate(bcast)
    bcast = 42;
#pragma omp loop
    for (int i = 0; i < N; i++)
      a[i] += 1;
    if (bcast != 42)
      seen = -1;
#pragma omp masked filter(0)
    seen = 1;
    int v;
#pragma omp atomic update
    counter += 1;
#pragma omp atomic read
    v = counter;
#pragma omp atomic write
    counter = v + 1;
#pragma omp atomic capture
    v = counter++;
#pragma omp atomic compare
    if (counter < v)
      counter = v;
  }
  printf("last=%d lin=%d grid=%d hist=%d mm=%d..%d a=%d seen=%d\n", last, lin, grid[N - 1][N - 1],
         hist[0] + hist[1] + hist[2] + hist[3], lo, hi, a[N - 1], seen);
  return 0;
}
