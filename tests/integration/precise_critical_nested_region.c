// precise_critical_nested_region.c -- a critical section around a nested parallel region.
//
// Two outer threads each enter critical(update) and, inside it, run an inner team of
// two threads (two active levels) in which the last thread adds to `total`. The two
// critical sections never overlap, and every update is inside one of them: no race,
// although the updating thread is not the one that entered the critical section (it
// holds the lock as a thread of the region run inside it: lockset.h, instance
// tokens). Fast mode ignores mutual exclusion: it reports the two updates.
//
// MODES: fast precise
// EXPECT: race
// EXPECT-PRECISE: norace
// VERDICT: precise critical at 24
// PRECISE-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int total;

int main(void) {
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2) // the outer team
  {
#pragma omp critical(update)
    {
#pragma omp parallel num_threads(2)
      {
        if (omp_get_thread_num() == omp_get_num_threads() - 1)
          total += 2;
      }
    }
  }
  // CHECK: ==ompracer== WARNING: fast mode may report false races in this program: it uses critical at {{(.*/)?}}precise_critical_nested_region.c:[[@LINE-9]]; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
  // CHECK: ==ompracer== WARNING: data race ({{read/write|write/read}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{read|write}} at {{(.*/)?}}precise_critical_nested_region.c:[[@LINE-6]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_critical_nested_region.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   {{read|write}} at {{(.*/)?}}precise_critical_nested_region.c:[[@LINE-7]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_critical_nested_region.c:[[@LINE-10]])
  // CHECK-NEXT: ==ompracer==   location: global 'total' of 4 bytes, declared at {{(.*/)?}}precise_critical_nested_region.c:[[@LINE-19]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}precise_critical_nested_region.c:[[@LINE-16]], with no barrier between them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_critical_nested_region.c:[[@LINE-11]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_critical_nested_region.c:[[@LINE-14]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_critical_nested_region.c:[[@LINE-12]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_critical_nested_region.c:[[@LINE-15]])
  // CHECK-NEXT: ==ompracer==   location: global 'total' of 4 bytes, declared at {{(.*/)?}}precise_critical_nested_region.c:[[@LINE-24]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}precise_critical_nested_region.c:[[@LINE-21]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  printf("total=%d\n", total);
  return 0;
}
