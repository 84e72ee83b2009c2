// race_loop_ranges_sometimes.c -- an access at a loop-invariant address in a block
// that not every iteration runs (pass/LoopRanges.cpp, SOMETIMES) is checked on the
// loop's exit edges once if its block ran in some iteration: here one iteration of
// sixty-four takes the branch, which writes `found` and reads `limit` (through
// pointer arguments of functions with external linkage, which LICM may not
// dereference speculatively), while sibling tasks write
// both. The loop is left only at its end; a check only where every
// iteration runs the block, or a flag that forgot the branch, would miss both races.
// Two reports, naming the loop's own lines.
//
// EXPECT: race
#include <stdio.h>

#define N 64
int values[N];
long found = -1;
int limit = 3;

__attribute__((noinline)) long scan(const int *v, long n, long *out, const int *lim) {
  long sum = 0;
  for (long i = 0; i < n; i++)
    if (v[i] < 0) {
      *out = i;
      sum += *lim;
    }
  return sum;
}

int main(void) {
  long s = 0;
  values[N / 2] = -1;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(s)
    s = scan(values, N, &found, &limit);
#pragma omp task
    found = 0;
#pragma omp task
    limit = 4;
  }
  // The blocks in the order of their access lines (the harness sorts them).
  // CHECK: ==ompracer== WARNING: data race (write/write) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_loop_ranges_sometimes.c:{{23|38}}:{{[0-9]+}} in {{scan|main}}{{.*}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_loop_ranges_sometimes.c:{{23|38}}:{{[0-9]+}} in {{scan|main}}{{.*}}
  // CHECK-NEXT: ==ompracer==   location: global 'found' of 8 bytes, declared at {{(.*/)?}}race_loop_ranges_sometimes.c:16
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{.*}}
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_sometimes.c:{{24|40}}:{{[0-9]+}} in {{scan|main}}{{.*}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_sometimes.c:{{24|40}}:{{[0-9]+}} in {{scan|main}}{{.*}}
  // CHECK-NEXT: ==ompracer==   location: global 'limit' of 4 bytes, declared at {{(.*/)?}}race_loop_ranges_sometimes.c:17
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{.*}}
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  printf("scanned: %s\n", s == 3 || s == 4 ? "yes" : "no"); /* which, the schedule decides */
  return 0;
}
