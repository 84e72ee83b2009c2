// precise_lock_nested_two_levels.c -- a lock held around two levels of nested regions.
//
// Two outer threads each take `lock` and, holding it, run a middle team of two
// threads, each of which runs an inner team of two (three active levels). In each
// acquisition one thread of the inner teams increments `x`: the last thread of the
// middle thread 1's team. The two acquisitions never overlap: no race. The inner
// region runs inside the middle one, inside the same acquisition: it keeps the middle
// region's hold of the lock (lockset.h, instance tokens). Fast mode ignores mutual
// exclusion: it reports the two increments.
//
// MODES: fast precise
// EXPECT: race
// EXPECT-PRECISE: norace
// VERDICT: precise an OpenMP lock at 27
// PRECISE-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

omp_lock_t lock;
int x;

int main(void) {
  omp_init_lock(&lock);
  omp_set_max_active_levels(3);
#pragma omp parallel num_threads(2) // the outer team
  {
    omp_set_lock(&lock);
#pragma omp parallel num_threads(2)
    {
      int middle = omp_get_thread_num();
#pragma omp parallel num_threads(2)
      {
        if (middle == 1 && omp_get_thread_num() == omp_get_num_threads() - 1)
          x++;
      }
    }
    omp_unset_lock(&lock);
  }
  // CHECK: ==ompracer== WARNING: fast mode may report false races in this program: it uses an OpenMP lock at {{(.*/)?}}precise_lock_nested_two_levels.c:[[@LINE-12]]; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
  // CHECK: ==ompracer== WARNING: data race ({{read/write|write/read}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{read|write}} at {{(.*/)?}}precise_lock_nested_two_levels.c:[[@LINE-7]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_lock_nested_two_levels.c:[[@LINE-10]])
  // CHECK-NEXT: ==ompracer==   {{read|write}} at {{(.*/)?}}precise_lock_nested_two_levels.c:[[@LINE-8]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_lock_nested_two_levels.c:[[@LINE-11]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}precise_lock_nested_two_levels.c:[[@LINE-23]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}precise_lock_nested_two_levels.c:[[@LINE-19]], with no barrier between them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_lock_nested_two_levels.c:[[@LINE-12]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_lock_nested_two_levels.c:[[@LINE-15]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_lock_nested_two_levels.c:[[@LINE-13]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_lock_nested_two_levels.c:[[@LINE-16]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}precise_lock_nested_two_levels.c:[[@LINE-28]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}precise_lock_nested_two_levels.c:[[@LINE-24]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  omp_destroy_lock(&lock);
  printf("x=%d\n", x);
  return 0;
}
