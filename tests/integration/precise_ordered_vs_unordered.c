// precise_ordered_vs_unordered.c -- an ordered region races with the unordered code
// of another chunk.
//
// In a `for ordered schedule(static, 1)` loop every iteration (its own chunk)
// writes `last` in its ordered region. The last iteration also reads `last` in its
// unordered part, before its ordered region: ordered regions are ordered with
// each other, but not with the code outside them in other chunks, so that read is
// logically parallel with the ordered writes of the earlier iterations: one
// read/write report in precise mode (the ordered writes among themselves hold the
// ordered lock: no report). Fast mode reports the same read/write race and also a
// (false) write/write race among the ordered regions, after its warning naming
// the ordered directive.
//
// MODES: fast precise
// EXPECT: race
// VERDICT: precise ordered at 33
#include <omp.h>
#include <stdio.h>

#define N 16
int work[N];
int last = -1;
int peek;

__attribute__((noinline)) static int square(int v) { return v * v; }

int main(void) {
#pragma omp parallel for ordered schedule(static, 1)
  for (int i = 0; i < N; i++) {
    work[i] = square(i);
    if (i == N - 1)
      peek = last;
#pragma omp ordered
    last = i;
  }
  // CHECK: ==ompracer== WARNING: fast mode may report false races in this program: it uses ordered at {{(.*/)?}}precise_ordered_vs_unordered.c:[[@LINE-3]]; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
  // CHECK: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}precise_ordered_vs_unordered.c:[[@LINE-6]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}precise_ordered_vs_unordered.c:[[@LINE-10]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_ordered_vs_unordered.c:[[@LINE-5]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}precise_ordered_vs_unordered.c:[[@LINE-11]])
  // CHECK-NEXT: ==ompracer==   location: global 'last' of 4 bytes, declared at {{(.*/)?}}precise_ordered_vs_unordered.c:[[@LINE-18]]
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}precise_ordered_vs_unordered.c:[[@LINE-13]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_ordered_vs_unordered.c:[[@LINE-9]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}precise_ordered_vs_unordered.c:[[@LINE-15]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_ordered_vs_unordered.c:[[@LINE-10]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}precise_ordered_vs_unordered.c:[[@LINE-16]])
  // CHECK-NEXT: ==ompracer==   location: global 'last' of 4 bytes, declared at {{(.*/)?}}precise_ordered_vs_unordered.c:[[@LINE-23]]
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}precise_ordered_vs_unordered.c:[[@LINE-18]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  // PRECISE: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}precise_ordered_vs_unordered.c:[[@LINE-17]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}precise_ordered_vs_unordered.c:[[@LINE-21]])
  // PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}precise_ordered_vs_unordered.c:[[@LINE-16]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}precise_ordered_vs_unordered.c:[[@LINE-22]])
  // PRECISE-NEXT: ==ompracer==   location: global 'last' of 4 bytes, declared at {{(.*/)?}}precise_ordered_vs_unordered.c:[[@LINE-29]]
  // PRECISE-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}precise_ordered_vs_unordered.c:[[@LINE-24]]: the iterations of one loop are logically parallel, whichever thread runs them; and they hold no common lock: the read at {{(.*/)?}}precise_ordered_vs_unordered.c:[[@LINE-20]]:{{[0-9]+}} holds no lock, the write at {{(.*/)?}}precise_ordered_vs_unordered.c:[[@LINE-18]]:{{[0-9]+}} holds ordered at {{(.*/)?}}precise_ordered_vs_unordered.c:[[@LINE-19]]
  // PRECISE: ==ompracer== SUMMARY: 1 data race(s) reported
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += work[i];
  printf("last=%d sum=%ld\n", last, sum);
  return 0;
}
