// race_critical_outside.c -- the race is outside the critical section.
//
// Inside the critical section each thread only updates its own element
// priv_count[t], which no other strand touches: no race there, whatever the
// lock does. Entering and leaving the critical section starts new fragments of
// the implicit task; the fragment after it writes the shared `finished` with no
// lock and no ordering: the implicit tasks race on it, one write/write report.
//
// MODES: fast precise
// EXPECT: race
// VERDICT: precise critical at 24
#include <omp.h>
#include <stdio.h>

int priv_count[64];
int finished;

int main(void) {
  int n = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    priv_count[t] = 1;
#pragma omp critical
    {
      priv_count[t] += 1;
    }
    finished = 1;
    if (t == 0)
      n = omp_get_num_threads();
  }
  // CHECK: ==ompracer== WARNING: fast mode may report false races in this program: it uses critical at {{(.*/)?}}race_critical_outside.c:[[@LINE-8]]; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_critical_outside.c:[[@LINE-6]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_critical_outside.c:[[@LINE-14]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_critical_outside.c:[[@LINE-7]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_critical_outside.c:[[@LINE-15]])
  // CHECK-NEXT: ==ompracer==   location: global 'finished' of 4 bytes, declared at {{(.*/)?}}race_critical_outside.c:[[@LINE-20]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_critical_outside.c:[[@LINE-17]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  // PRECISE: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}race_critical_outside.c:[[@LINE-12]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_critical_outside.c:[[@LINE-20]])
  // PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}race_critical_outside.c:[[@LINE-13]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_critical_outside.c:[[@LINE-21]])
  // PRECISE-NEXT: ==ompracer==   location: global 'finished' of 4 bytes, declared at {{(.*/)?}}race_critical_outside.c:[[@LINE-26]]
  // PRECISE-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_critical_outside.c:[[@LINE-23]], with no barrier between them
  // PRECISE: ==ompracer== SUMMARY: 1 data race(s) reported
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += priv_count[i];
  printf("finished=%d sum=%ld\n", finished, sum);
  return 0;
}
