// precise_critical_different_names.c -- critical sections with different names race.
//
// Every thread enters critical(alpha), then critical(beta); thread 0 writes
// `balance` in the first, the others read it in the second. Each name is its own
// lock, so the accesses hold no common lock and are logically parallel (implicit
// tasks of one region): one write/read report in both modes. Fast mode also
// prints its may-report-false-races warning first, naming critical(alpha), the
// directive every thread enters first; precise mode prints no warning.
//
// MODES: fast precise
// EXPECT: race
// VERDICT: precise critical at 24
#include <omp.h>
#include <stdio.h>

int balance;
int seen[64];

int main(void) {
  int n = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp critical(alpha)
    {
      if (t == 0)
        balance = 100;
    }
#pragma omp critical(beta)
    {
      if (t != 0)
        seen[t] = balance;
    }
    if (t == 0)
      n = omp_get_num_threads();
  }
  // CHECK: ==ompracer== WARNING: fast mode may report false races in this program: it uses critical at {{(.*/)?}}precise_critical_different_names.c:[[@LINE-13]]; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_critical_different_names.c:[[@LINE-12]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_critical_different_names.c:[[@LINE-18]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}precise_critical_different_names.c:[[@LINE-8]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_critical_different_names.c:[[@LINE-19]])
  // CHECK-NEXT: ==ompracer==   location: global 'balance' of 4 bytes, declared at {{(.*/)?}}precise_critical_different_names.c:[[@LINE-25]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}precise_critical_different_names.c:[[@LINE-21]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  // PRECISE: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}precise_critical_different_names.c:[[@LINE-18]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_critical_different_names.c:[[@LINE-24]])
  // PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}precise_critical_different_names.c:[[@LINE-14]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_critical_different_names.c:[[@LINE-25]])
  // PRECISE-NEXT: ==ompracer==   location: global 'balance' of 4 bytes, declared at {{(.*/)?}}precise_critical_different_names.c:[[@LINE-31]]
  // PRECISE-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}precise_critical_different_names.c:[[@LINE-27]], with no barrier between them; and they hold no common lock: the write at {{(.*/)?}}precise_critical_different_names.c:[[@LINE-21]]:{{[0-9]+}} holds critical(alpha), the read at {{(.*/)?}}precise_critical_different_names.c:[[@LINE-16]]:{{[0-9]+}} holds critical(beta)
  // PRECISE: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("balance=%d n=%d\n", balance, n);
  return 0;
}
