// race_loop_ranges_sometimes.c -- an access at a loop-invariant address in a block
// that not every iteration runs (pass/LoopRanges.cpp, SOMETIMES) is checked on the
// loop's exit edges once if its block ran in some iteration: here a search passes one
// negative element before it finds its key and leaves early, and that one iteration
// writes `found` and reads `limit` (through pointer arguments of a function with
// external linkage, which LICM may not dereference speculatively) while sibling tasks
// write both. A check only where every iteration runs the block, or a flag that forgot
// the branch by the early exit, would miss both races. Two reports, naming the
// search's own lines.
//
// EXPECT: race
#include <stdio.h>

#define N 64
int values[N];
long found = -1;
int limit = 3;

__attribute__((noinline)) long search(const int *v, long n, int key, long *out, const int *lim) {
  for (long i = 0; i < n; i++) {
    if (v[i] == key)
      return i;
    if (v[i] < 0)
      *out = i + *lim;
  }
  return -1;
}

int main(void) {
  long t = 0;
  for (int i = 0; i < N; i++)
    values[i] = i;
  values[N / 2] = -1;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(t)
    t = search(values, N, N / 2 + 8, &found, &limit);
#pragma omp task
    found = 0;
#pragma omp task
    limit = 4;
  }
  // The blocks in the order of their access lines (the harness sorts them).
  // CHECK: ==ompracer== WARNING: data race (write/write) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_loop_ranges_sometimes.c:{{24|40}}:{{[0-9]+}} in {{search|main}}{{.*}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_loop_ranges_sometimes.c:{{24|40}}:{{[0-9]+}} in {{search|main}}{{.*}}
  // CHECK-NEXT: ==ompracer==   location: global 'found' of 8 bytes, declared at {{(.*/)?}}race_loop_ranges_sometimes.c:16
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{.*}}
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_sometimes.c:{{24|42}}:{{[0-9]+}} in {{search|main}}{{.*}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_sometimes.c:{{24|42}}:{{[0-9]+}} in {{search|main}}{{.*}}
  // CHECK-NEXT: ==ompracer==   location: global 'limit' of 4 bytes, declared at {{(.*/)?}}race_loop_ranges_sometimes.c:17
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{.*}}
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  printf("found at %ld\n", t);
  return t == N / 2 + 8 ? 0 : 1;
}
