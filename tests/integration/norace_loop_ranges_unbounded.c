// norace_loop_ranges_unbounded.c -- loops whose count scalar evolution cannot bound
// must have exactly the bytes they touch checked: a merge, left when an index reaches
// its bound, on its exit edges (pass/LoopRanges.h, MONOTONE for its inputs); searches
// left when a value they load says, per access (a cost rule).
//
// Pairs of sibling tasks (logically parallel) touch neighbouring, disjoint bytes: a
// search for a sentinel with no index bound reads up to the sentinel, its sibling
// writes from the next element on; a merge of two sorted runs (indexes that move by 0
// or 1 an iteration) reads its inputs up to their ends and writes out[0 .. 2M), its
// sibling writes the elements after each; a scan down to the first element no larger
// than a pivot, its sibling below it; a merge of two runs of longs through pointers
// that leaves from either branch (BOTS sort's seqmerge: after -O2 an inner loop per
// run of one input, left when the data says, inside one left at an input's end), its
// sibling the element after the last one it writes and the elements after the last
// ones it reads. Every byte is touched by one task only. No race, at every -O level.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#include "loops_unbounded.h"

#define N 1000
#define M 300
int searched[N], evens[M + 8], odds[M + 8], out[2 * M + 50], scanned[N];
long run_a[M + 8], run_b[M + 8], merged[2 * M + 8];

/* Merges [p, pe) and [q, qe) (both non-empty) into d until one of them runs out;
 * returns how many it wrote. */
__attribute__((noinline)) static long merge_runs(const long *p, const long *pe, const long *q,
                                                 const long *qe, long *d) {
  long *d0 = d;
  long x = *p, y = *q;
  for (;;) {
    if (x < y) {
      *d++ = x;
      if (++p >= pe)
        break;
      x = *p;
    } else {
      *d++ = y;
      if (++q >= qe)
        break;
      y = *q;
    }
  }
  return d - d0;
}

__attribute__((noinline)) static void write_others(void) {
  for (int i = N / 2 + 1; i < N; i++)
    searched[i] = i;
  for (int i = 2 * M; i < 2 * M + 50; i++)
    out[i] = i;
  for (int i = M; i < M + 8; i++) /* merge reads evens[0 .. M) and odds[0 .. M) */
    evens[i] = odds[i] = i;
  for (int i = 0; i < N / 4; i++)
    scanned[i] = 0;
  /* merge_runs reads run_a[0 .. M) and run_b[0 .. M - 1] (it leaves when run_a runs
   * out) and writes merged[0 .. 2M - 1) */
  for (int i = M; i < M + 8; i++)
    run_a[i] = run_b[i] = i;
  merged[2 * M - 1] = -1;
}

int main(void) {
  long a = 0, b = 0, c = 0, d = 0;
  searched[N / 2] = -7;
  for (int i = 0; i < M; i++) {
    evens[i] = 2 * i;
    odds[i] = 2 * i + 1;
    run_a[i] = 2 * i;
    run_b[i] = 2 * i + 1;
  }
  for (int i = 0; i < N; i++)
    scanned[i] = i >= N / 4 + 1 ? 5 : 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(a, b, c, d)
    {
      a = find_sentinel(searched, -7);
      b = merge(evens, M, odds, M, out);
      c = scan_down(scanned, N - 1, 1);
      d = merge_runs(run_a, run_a + M, run_b, run_b + M, merged);
    }
#pragma omp task
    write_others();
  }
  printf("found %ld %ld %ld %ld\n", a, b, c, d);
  return a == N / 2 && b == 2 * M && c == N / 4 && d == 2 * M - 1 ? 0 : 1;
}
