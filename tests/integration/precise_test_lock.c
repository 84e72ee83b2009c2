// precise_test_lock.c -- omp_test_lock that succeeds holds the lock.
//
// Every thread spins on omp_test_lock(&lock_a) until it succeeds, twice; thread 0
// writes `balance` in the first locked part, the others read it in the second.
// A successful omp_test_lock acquires the lock, so the write and the reads hold a
// common lock and never race in precise mode: no report (failed attempts acquire
// nothing). Fast mode ignores mutual exclusion: one (false) write/read report
// after its warning naming the first omp_test_lock call, which every thread
// reaches first.
//
// MODES: fast precise
// EXPECT: race
// EXPECT-PRECISE: norace
// VERDICT: precise an OpenMP lock at 30
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
    while (!omp_test_lock(&lock_a)) {}
    if (t == 0)
      balance = 100;
    omp_unset_lock(&lock_a);
    while (!omp_test_lock(&lock_a)) {}
    if (t != 0)
      seen[t] = balance;
    omp_unset_lock(&lock_a);
    if (t == 0)
      n = omp_get_num_threads();
  }
  // CHECK: ==ompracer== WARNING: fast mode may report false races in this program: it uses an OpenMP lock at {{(.*/)?}}precise_test_lock.c:[[@LINE-11]]; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_test_lock.c:[[@LINE-11]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_test_lock.c:[[@LINE-16]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}precise_test_lock.c:[[@LINE-8]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_test_lock.c:[[@LINE-17]])
  // CHECK-NEXT: ==ompracer==   location: global 'balance' of 4 bytes, declared at {{(.*/)?}}precise_test_lock.c:[[@LINE-25]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}precise_test_lock.c:[[@LINE-19]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  omp_destroy_lock(&lock_a);
  omp_destroy_lock(&lock_b);
  printf("balance=%d n=%d\n", balance, n);
  return 0;
}
