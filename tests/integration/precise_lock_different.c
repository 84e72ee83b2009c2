// precise_lock_different.c -- accesses under different OpenMP locks race.
//
// Every thread takes lock_a, then lock_b; thread 0 writes `balance` holding
// lock_a, the others read it holding lock_b. No common lock, no ordering (implicit
// tasks of one region): one write/read report in both modes. Fast mode also
// prints its may-report-false-races warning, naming the omp_set_lock(&lock_a)
// call, which every thread makes first; precise mode prints no warning.
//
// MODES: fast precise
// EXPECT: race
// VERDICT: precise an OpenMP lock at 26
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
    omp_set_lock(&lock_b);
    if (t != 0)
      seen[t] = balance;
    omp_unset_lock(&lock_b);
    if (t == 0)
      n = omp_get_num_threads();
  }
  // CHECK: ==ompracer== WARNING: fast mode may report false races in this program: it uses an OpenMP lock at {{(.*/)?}}precise_lock_different.c:[[@LINE-11]]; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_lock_different.c:[[@LINE-11]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_lock_different.c:[[@LINE-16]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}precise_lock_different.c:[[@LINE-8]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_lock_different.c:[[@LINE-17]])
  // CHECK-NEXT: ==ompracer==   location: global 'balance' of 4 bytes, declared at {{(.*/)?}}precise_lock_different.c:[[@LINE-25]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}precise_lock_different.c:[[@LINE-19]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  // PRECISE: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}precise_lock_different.c:[[@LINE-17]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_lock_different.c:[[@LINE-22]])
  // PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}precise_lock_different.c:[[@LINE-14]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_lock_different.c:[[@LINE-23]])
  // PRECISE-NEXT: ==ompracer==   location: global 'balance' of 4 bytes, declared at {{(.*/)?}}precise_lock_different.c:[[@LINE-31]]
  // PRECISE-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}precise_lock_different.c:[[@LINE-25]], with no barrier between them; and they hold no common lock: the write at {{(.*/)?}}precise_lock_different.c:[[@LINE-20]]:{{[0-9]+}} holds lock 'lock_a', the read at {{(.*/)?}}precise_lock_different.c:[[@LINE-16]]:{{[0-9]+}} holds lock 'lock_b'
  // PRECISE: ==ompracer== SUMMARY: 1 data race(s) reported
  omp_destroy_lock(&lock_a);
  omp_destroy_lock(&lock_b);
  printf("balance=%d n=%d\n", balance, n);
  return 0;
}
