// precise_critical_same_name.c -- two critical sections with the same name exclude each other.
//
// Every thread enters critical(account) twice, at two different directives;
// thread 0 writes `balance` in the first, the others read it in the second. The
// critical sections share one lock (the name), so in precise mode the write and
// the reads hold a common lock and never race: no report. Fast mode ignores
// mutual exclusion: it reports the write/read pair as a race, after its warning
// that it may report false races, naming the first critical directive (every
// thread enters that one first, so it is always the first critical seen).
//
// MODES: fast precise
// EXPECT: race
// EXPECT-PRECISE: norace
// VERDICT: precise critical at 27
// PRECISE-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int balance;
int seen[64];

int main(void) {
  int n = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp critical(account)
    {
      if (t == 0)
        balance = 100;
    }
#pragma omp critical(account)
    {
      if (t != 0)
        seen[t] = balance;
    }
    if (t == 0)
      n = omp_get_num_threads();
  }
  // CHECK: ==ompracer== WARNING: fast mode may report false races in this program: it uses critical at {{(.*/)?}}precise_critical_same_name.c:[[@LINE-13]]; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_critical_same_name.c:[[@LINE-12]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_critical_same_name.c:[[@LINE-18]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}precise_critical_same_name.c:[[@LINE-8]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_critical_same_name.c:[[@LINE-19]])
  // CHECK-NEXT: ==ompracer==   location: global 'balance' of 4 bytes, declared at {{(.*/)?}}precise_critical_same_name.c:[[@LINE-25]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}precise_critical_same_name.c:[[@LINE-21]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("balance=%d n=%d\n", balance, n);
  return 0;
}
