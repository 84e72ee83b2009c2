// race_critical_vs_plain.c -- a write inside a critical section, a read outside any.
//
// Thread 0 writes `balance` inside a critical section; the other threads read it
// without entering the critical section and without any ordering. Only one side
// holds the lock, so this is a race in any mode: one write/read report.
//
// MODES: fast precise
// EXPECT: race
// VERDICT: precise critical at 21
#include <omp.h>
#include <stdio.h>

int balance;
int observed[64];

int main(void) {
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    if (t == 0) {
#pragma omp critical
      balance = 100;
    } else {
      observed[t] = balance;
    }
  }
  // CHECK: ==ompracer== WARNING: fast mode may report false races in this program: it uses critical at {{(.*/)?}}race_critical_vs_plain.c:[[@LINE-6]]; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_critical_vs_plain.c:[[@LINE-7]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_critical_vs_plain.c:[[@LINE-12]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_critical_vs_plain.c:[[@LINE-6]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_critical_vs_plain.c:[[@LINE-13]])
  // CHECK-NEXT: ==ompracer==   location: global 'balance' of 4 bytes, declared at {{(.*/)?}}race_critical_vs_plain.c:[[@LINE-18]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_critical_vs_plain.c:[[@LINE-15]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  // PRECISE: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}race_critical_vs_plain.c:[[@LINE-13]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_critical_vs_plain.c:[[@LINE-18]])
  // PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}race_critical_vs_plain.c:[[@LINE-12]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_critical_vs_plain.c:[[@LINE-19]])
  // PRECISE-NEXT: ==ompracer==   location: global 'balance' of 4 bytes, declared at {{(.*/)?}}race_critical_vs_plain.c:[[@LINE-24]]
  // PRECISE-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_critical_vs_plain.c:[[@LINE-21]], with no barrier between them; and they hold no common lock: the write at {{(.*/)?}}race_critical_vs_plain.c:[[@LINE-16]]:{{[0-9]+}} holds critical at {{(.*/)?}}race_critical_vs_plain.c:[[@LINE-17]], the read at {{(.*/)?}}race_critical_vs_plain.c:[[@LINE-14]]:{{[0-9]+}} holds no lock
  // PRECISE: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("balance=%d\n", balance);
  return 0;
}
