// race_lock_nested_region_team.c -- one lock acquisition does not order its region's threads.
//
// Two outer threads each take `lock` and, holding it, run an inner team of two
// threads (two active levels), all of which write `x`. The threads of one inner team
// run in parallel inside one acquisition: they race (one write/write report). Threads
// of the two inner teams write inside different acquisitions, which never overlap:
// precise mode does not count those pairs, so its report names the inner region,
// and says why the common lock does not exclude them. Fast mode ignores mutual
// exclusion: its report may name either region, depending on the schedule.
//
// MODES: fast precise
// EXPECT: race
// VERDICT: precise an OpenMP lock at 25
#include <omp.h>
#include <stdio.h>

omp_lock_t lock;
int x;

int main(void) {
  omp_init_lock(&lock);
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2) // the outer team
  {
    omp_set_lock(&lock);
#pragma omp parallel num_threads(2) // the inner team
    {
      x = omp_get_level();
    }
    omp_unset_lock(&lock);
  }
  // CHECK: ==ompracer== WARNING: fast mode may report false races in this program: it uses an OpenMP lock at {{(.*/)?}}race_lock_nested_region_team.c:[[@LINE-7]]; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_lock_nested_region_team.c:[[@LINE-6]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_lock_nested_region_team.c:[[@LINE-8]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_lock_nested_region_team.c:[[@LINE-7]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_lock_nested_region_team.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}race_lock_nested_region_team.c:[[@LINE-18]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_lock_nested_region_team.c:{{23|26}}, with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  // PRECISE: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}race_lock_nested_region_team.c:[[@LINE-12]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_lock_nested_region_team.c:[[@LINE-14]])
  // PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}race_lock_nested_region_team.c:[[@LINE-13]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_lock_nested_region_team.c:[[@LINE-15]])
  // PRECISE-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}race_lock_nested_region_team.c:[[@LINE-24]]
  // PRECISE-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_lock_nested_region_team.c:[[@LINE-17]], with no barrier between them; and they hold their common lock only as threads of a parallel region run inside one acquisition of it, which does not exclude them from each other: the write at {{(.*/)?}}race_lock_nested_region_team.c:[[@LINE-15]]:{{[0-9]+}} holds lock 'lock', the write at {{(.*/)?}}race_lock_nested_region_team.c:[[@LINE-15]]:{{[0-9]+}} holds lock 'lock'
  // PRECISE: ==ompracer== SUMMARY: 1 data race(s) reported
  omp_destroy_lock(&lock);
  printf("x=%d\n", x);
  return 0;
}
