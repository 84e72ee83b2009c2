// race_loop_ranges.c -- races between loops that the pass checks once per loop, as a
// range (pass/LoopRanges.h), are reported with the sites of the accesses themselves.
//
// Two sibling tasks: one writes x[0..N) in a forward loop, the other reads x[N/2..N)
// in a backward loop and accumulates into its own variable. One write/read report on
// the overlapping half, naming the two loop statements. Each task also writes its own
// array (no report).
//
// EXPECT: race
#include <stdio.h>

#define N 1000
int x[N];
long mine[2];

__attribute__((noinline)) static void produce(int *p, long n) {
  for (long i = 0; i < n; i++)
    p[i] = (int)i * 3;
}

__attribute__((noinline)) static long consume(const int *p, long n) {
  long s = 0;
  for (long i = n - 1; i >= 0; i--)
    s += p[i];
  return s;
}

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    produce(x, N);
#pragma omp task
    mine[1] = consume(x + N / 2, N / 2);
#pragma omp taskwait
  }
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on {{[0-9]+}} bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges.c:{{18|24}}:{{[0-9]+}} in {{produce|consume}} (explicit task created at {{(.*/)?}}race_loop_ranges.c:{{32|34}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges.c:{{18|24}}:{{[0-9]+}} in {{produce|consume}} (explicit task created at {{(.*/)?}}race_loop_ranges.c:{{32|34}})
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4000 bytes, declared at {{(.*/)?}}race_loop_ranges.c:13 (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_loop_ranges.c:[[@LINE-10]] and {{(.*/)?}}race_loop_ranges.c:[[@LINE-8]] with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("done\n"); /* mine[1] sums racy reads: its value depends on the schedule */
  return 0;
}
