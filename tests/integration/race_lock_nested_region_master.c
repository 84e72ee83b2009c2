// race_lock_nested_region_master.c -- the master of a region run under a lock races with its team.
//
// Two outer threads each take `lock` and, holding it, run an inner team of two
// threads (two active levels): its master (the outer thread, which took the lock
// itself) writes `x`, the other thread reads it. Both run in parallel inside one
// acquisition: the master's own hold of the lock does not order it with its team
// (one write/read report, naming the inner region). The masters of the two inner
// teams write inside different acquisitions, which never overlap: precise mode does
// not report them. Fast mode ignores mutual exclusion: it also reports the two
// masters' writes, and its write/read report may name either region.
//
// MODES: fast precise
// EXPECT: race
// VERDICT: precise an OpenMP lock at 28
#include <omp.h>
#include <stdio.h>

omp_lock_t lock;
int x;
int seen[2];

int main(void) {
  omp_init_lock(&lock);
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2) // the outer team
  {
    int outer = omp_get_thread_num();
    omp_set_lock(&lock);
#pragma omp parallel num_threads(2) // the inner team
    {
      if (omp_get_thread_num() == 0)
        x = 1;
      else
        seen[outer] = x >= 0;
    }
    omp_unset_lock(&lock);
  }
  // CHECK: ==ompracer== WARNING: fast mode may report false races in this program: it uses an OpenMP lock at {{(.*/)?}}race_lock_nested_region_master.c:[[@LINE-10]]; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_lock_nested_region_master.c:[[@LINE-8]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_lock_nested_region_master.c:[[@LINE-11]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_lock_nested_region_master.c:[[@LINE-9]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_lock_nested_region_master.c:[[@LINE-12]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}race_lock_nested_region_master.c:[[@LINE-23]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_lock_nested_region_master.c:[[@LINE-18]], with no barrier between them
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_lock_nested_region_master.c:[[@LINE-13]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_lock_nested_region_master.c:[[@LINE-16]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_lock_nested_region_master.c:[[@LINE-12]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_lock_nested_region_master.c:[[@LINE-17]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}race_lock_nested_region_master.c:[[@LINE-28]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_lock_nested_region_master.c:{{25|29}}, with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  // PRECISE: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}race_lock_nested_region_master.c:[[@LINE-19]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_lock_nested_region_master.c:[[@LINE-22]])
  // PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}race_lock_nested_region_master.c:[[@LINE-18]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_lock_nested_region_master.c:[[@LINE-23]])
  // PRECISE-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}race_lock_nested_region_master.c:[[@LINE-34]]
  // PRECISE-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_lock_nested_region_master.c:[[@LINE-25]], with no barrier between them; and they hold their common lock only as threads of a parallel region run inside one acquisition of it, which does not exclude them from each other: the write at {{(.*/)?}}race_lock_nested_region_master.c:[[@LINE-22]]:{{[0-9]+}} holds lock 'lock', the read at {{(.*/)?}}race_lock_nested_region_master.c:[[@LINE-20]]:{{[0-9]+}} holds lock 'lock'
  // PRECISE: ==ompracer== SUMMARY: 1 data race(s) reported
  omp_destroy_lock(&lock);
  printf("x=%d seen=%d%d\n", x, seen[0], seen[1]);
  return 0;
}
