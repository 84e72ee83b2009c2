// loops_unbounded.h -- loops whose count scalar evolution cannot bound, shared by
// race_loop_ranges_unbounded.c and norace_loop_ranges_unbounded.c (pass/LoopRanges.h):
// a search for a sentinel and a partition's scan, left when a value they load says
// (per access, a cost rule), and a merge, left when an index reaches its bound, whose
// indexes move by 0 or 1 an iteration (checked on its exit edges, MONOTONE for its
// inputs).
#ifndef OMPRACER_TEST_LOOPS_UNBOUNDED_H
#define OMPRACER_TEST_LOOPS_UNBOUNDED_H

__attribute__((noinline)) static long find_sentinel(const int *p, int v) {
  long i = 0;
  while (p[i] != v)
    i++;
  return i;
}

/* Merges a[0 .. na) and b[0 .. nb) into o; returns how many it wrote. */
__attribute__((noinline)) static long merge(const int *a, long na, const int *b, long nb, int *o) {
  long i = 0, j = 0, k = 0;
  while (i < na && j < nb) {
    int x = a[i], y = b[j]; /* one read of each per iteration, at every -O level */
    o[k++] = x <= y ? x : y;
    i += x <= y;
    j += x > y;
  }
  while (i < na)
    o[k++] = a[i++];
  while (j < nb)
    o[k++] = b[j++];
  return k;
}

__attribute__((noinline)) static long scan_down(const int *p, long top, int pivot) {
  long j = top;
  while (p[j] > pivot)
    j--;
  return j;
}

#endif
