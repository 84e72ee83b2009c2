// precise_lock_nested_region.c -- a lock held around a nested parallel region.
//
// Two outer threads each take `lock` and, holding it, run an inner team of two
// threads (two active levels) in which the last thread increments `x`. The
// increments happen inside the two acquisitions of the lock, which never overlap:
// no race. The incrementing thread is not the one that took the lock, so it holds
// the lock only as a thread of a region run inside the acquisition (lockset.h,
// instance tokens); precise mode must not report it. Fast mode ignores mutual
// exclusion: it reports the two increments (read/write and write/write), after its
// warning naming the omp_set_lock call.
//
// MODES: fast precise
// EXPECT: race
// EXPECT-PRECISE: norace
// VERDICT: precise an OpenMP lock at 28
// PRECISE-NOT: ==ompracer==
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
#pragma omp parallel num_threads(2)
    {
      if (omp_get_thread_num() == omp_get_num_threads() - 1)
        x++;
    }
    omp_unset_lock(&lock);
  }
  // CHECK: ==ompracer== WARNING: fast mode may report false races in this program: it uses an OpenMP lock at {{(.*/)?}}precise_lock_nested_region.c:[[@LINE-8]]; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
  // CHECK: ==ompracer== WARNING: data race ({{read/write|write/read}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{read|write}} at {{(.*/)?}}precise_lock_nested_region.c:[[@LINE-6]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_lock_nested_region.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   {{read|write}} at {{(.*/)?}}precise_lock_nested_region.c:[[@LINE-7]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_lock_nested_region.c:[[@LINE-10]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}precise_lock_nested_region.c:[[@LINE-19]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}precise_lock_nested_region.c:[[@LINE-15]], with no barrier between them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_lock_nested_region.c:[[@LINE-11]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_lock_nested_region.c:[[@LINE-14]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_lock_nested_region.c:[[@LINE-12]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_lock_nested_region.c:[[@LINE-15]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}precise_lock_nested_region.c:[[@LINE-24]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}precise_lock_nested_region.c:[[@LINE-20]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  omp_destroy_lock(&lock);
  printf("x=%d\n", x);
  return 0;
}
