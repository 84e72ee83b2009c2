// precise_ordered.c -- ordered regions of a `for ordered` loop exclude each other.
//
// Each iteration of a `for ordered schedule(static, 1)` loop computes its own
// element of work[] (no conflict) and then, in its ordered region, writes the
// shared `last`. All ordered regions of a loop hold one lock (and run in
// iteration order), so in precise mode the writes never race: no report. Fast
// mode ignores mutual exclusion: one (false) write/write report of the single
// write site against itself, after its warning naming the ordered directive.
//
// MODES: fast precise
// EXPECT: race
// EXPECT-PRECISE: norace
// VERDICT: precise ordered at 28
// PRECISE-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

#define N 16
int work[N];
int last = -1;

__attribute__((noinline)) static int square(int v) { return v * v; }

int main(void) {
#pragma omp parallel for ordered schedule(static, 1)
  for (int i = 0; i < N; i++) {
    work[i] = square(i);
#pragma omp ordered
    last = i;
  }
  // CHECK: ==ompracer== WARNING: fast mode may report false races in this program: it uses ordered at {{(.*/)?}}precise_ordered.c:[[@LINE-3]]; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_ordered.c:[[@LINE-4]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}precise_ordered.c:[[@LINE-8]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_ordered.c:[[@LINE-5]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}precise_ordered.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   location: global 'last' of 4 bytes, declared at {{(.*/)?}}precise_ordered.c:[[@LINE-15]]
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}precise_ordered.c:[[@LINE-11]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += work[i];
  printf("last=%d sum=%ld\n", last, sum);
  return 0;
}
