// precise_lock_one_side.c -- a lock held by only one of the two accesses protects nothing.
//
// Every thread takes lock_a; thread 0 writes `balance` while holding it. After
// releasing it, the other threads read `balance` with no lock and no ordering
// (implicit tasks of one region). Only one side holds the lock, so this is a race
// in both modes: one write/read report. Fast mode also prints its
// may-report-false-races warning (naming the omp_set_lock call) before it;
// precise mode prints no warning.
//
// MODES: fast precise
// EXPECT: race
// VERDICT: precise an OpenMP lock at 25
#include <omp.h>
#include <stdio.h>

omp_lock_t lock_a;
int balance;
int seen[64];

int main(void) {
  omp_init_lock(&lock_a);
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    omp_set_lock(&lock_a);
    if (t == 0)
      balance = 100;
    omp_unset_lock(&lock_a);
    if (t != 0)
      seen[t] = balance;
  }
  // CHECK: ==ompracer== WARNING: fast mode may report false races in this program: it uses an OpenMP lock at {{(.*/)?}}precise_lock_one_side.c:[[@LINE-7]]; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_lock_one_side.c:[[@LINE-7]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_lock_one_side.c:[[@LINE-12]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}precise_lock_one_side.c:[[@LINE-5]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_lock_one_side.c:[[@LINE-13]])
  // CHECK-NEXT: ==ompracer==   location: global 'balance' of 4 bytes, declared at {{(.*/)?}}precise_lock_one_side.c:[[@LINE-19]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}precise_lock_one_side.c:[[@LINE-15]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  // PRECISE: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}precise_lock_one_side.c:[[@LINE-13]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_lock_one_side.c:[[@LINE-18]])
  // PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}precise_lock_one_side.c:[[@LINE-11]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_lock_one_side.c:[[@LINE-19]])
  // PRECISE-NEXT: ==ompracer==   location: global 'balance' of 4 bytes, declared at {{(.*/)?}}precise_lock_one_side.c:[[@LINE-25]]
  // PRECISE-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}precise_lock_one_side.c:[[@LINE-21]], with no barrier between them; and they hold no common lock: the write at {{(.*/)?}}precise_lock_one_side.c:[[@LINE-16]]:{{[0-9]+}} holds lock 'lock_a', the read at {{(.*/)?}}precise_lock_one_side.c:[[@LINE-13]]:{{[0-9]+}} holds no lock
  // PRECISE: ==ompracer== SUMMARY: 1 data race(s) reported
  omp_destroy_lock(&lock_a);
  printf("balance=%d\n", balance);
  return 0;
}
