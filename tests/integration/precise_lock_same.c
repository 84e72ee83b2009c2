// precise_lock_same.c -- accesses under the same OpenMP lock do not race.
//
// Every thread takes lock_a twice (two omp_set_lock calls); thread 0 writes
// `balance` under the first, the others read it under the second. The write and
// the reads hold a common lock, so in precise mode they never race: no report.
// Fast mode ignores mutual exclusion: one (false) write/read report, after its
// may-report-false-races warning naming the first omp_set_lock call, which every
// thread makes first.
//
// MODES: fast precise
// EXPECT: race
// EXPECT-PRECISE: norace
// VERDICT: precise an OpenMP lock at 29
// PRECISE-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

omp_lock_t lock_a, lock_b;
int balance;
int seen[64];

int main(void) {
  int n = 0;
  omp_init_lock(&lock_a);
  omp_init_lock(&lock_b);
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    omp_set_lock(&lock_a);
    if (t == 0)
      balance = 100;
    omp_unset_lock(&lock_a);
    omp_set_lock(&lock_a);
    if (t != 0)
      seen[t] = balance;
    omp_unset_lock(&lock_a);
    if (t == 0)
      n = omp_get_num_threads();
  }
  // CHECK: ==ompracer== WARNING: fast mode may report false races in this program: it uses an OpenMP lock at {{(.*/)?}}precise_lock_same.c:[[@LINE-11]]; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_lock_same.c:[[@LINE-11]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_lock_same.c:[[@LINE-16]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}precise_lock_same.c:[[@LINE-8]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_lock_same.c:[[@LINE-17]])
  // CHECK-NEXT: ==ompracer==   location: global 'balance' of 4 bytes, declared at {{(.*/)?}}precise_lock_same.c:[[@LINE-25]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}precise_lock_same.c:[[@LINE-19]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  omp_destroy_lock(&lock_a);
  omp_destroy_lock(&lock_b);
  printf("balance=%d n=%d\n", balance, n);
  return 0;
}
