// precise_atomic.c -- atomic accesses do not race with each other, but do with plain ones.
//
// Every thread increments `hits` with `omp atomic` (update) and reads it with
// `omp atomic read`: atomic accesses only, no race among them. Every thread
// except thread 0 also increments `mixed` atomically, while thread 0 reads
// `mixed` with a plain load, unordered: one atomic write/read report, in both
// modes. After the region `hits` is read in series (no race). No warning in
// either mode: atomics are not mutual exclusion of user code.
//
// MODES: fast precise
// EXPECT: race
// VERDICT: fast
#include <omp.h>
#include <stdio.h>

int hits;
int mixed;
int seen_hits[64];
int seen_mixed;

int main(void) {
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    int v;
#pragma omp atomic
    hits += 1;
#pragma omp atomic read
    v = hits;
    seen_hits[t] = v;
    if (t != 0) {
#pragma omp atomic
      mixed += 1;
    } else {
      seen_mixed = mixed;
    }
  }
  // CHECK: ==ompracer== WARNING: data race (atomic write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   atomic write at {{(.*/)?}}precise_atomic.c:[[@LINE-6]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_atomic.c:[[@LINE-17]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}precise_atomic.c:[[@LINE-5]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_atomic.c:[[@LINE-18]])
  // CHECK-NEXT: ==ompracer==   location: global 'mixed' of 4 bytes, declared at {{(.*/)?}}precise_atomic.c:[[@LINE-24]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}precise_atomic.c:[[@LINE-20]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("hits=%d\n", hits);
  return 0;
}
