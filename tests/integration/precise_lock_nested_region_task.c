// precise_lock_nested_region_task.c -- a task created inside a region run under a lock.
//
// Two outer threads each take `lock` and, holding it, run an inner team of two
// threads (two active levels); the last one creates a task that increments `x`. The
// task ends at the inner region's barrier, before the lock is released, so both
// increments are inside the two acquisitions, which never overlap: no race. The task
// holds the lock as its region does (lockset.h, instance tokens). Fast mode ignores
// mutual exclusion: it reports the two increments.
//
// MODES: fast precise
// EXPECT: race
// EXPECT-PRECISE: norace
// VERDICT: precise an OpenMP lock at 26
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
      if (omp_get_thread_num() == omp_get_num_threads() - 1) {
#pragma omp task
        x++;
      }
    }
    omp_unset_lock(&lock);
  }
  // CHECK: ==ompracer== WARNING: fast mode may report false races in this program: it uses an OpenMP lock at {{(.*/)?}}precise_lock_nested_region_task.c:[[@LINE-10]]; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
  // CHECK: ==ompracer== WARNING: data race ({{read/write|write/read}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{read|write}} at {{(.*/)?}}precise_lock_nested_region_task.c:[[@LINE-7]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}precise_lock_nested_region_task.c:[[@LINE-8]])
  // CHECK-NEXT: ==ompracer==   {{read|write}} at {{(.*/)?}}precise_lock_nested_region_task.c:[[@LINE-8]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}precise_lock_nested_region_task.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}precise_lock_nested_region_task.c:[[@LINE-21]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}precise_lock_nested_region_task.c:[[@LINE-17]], with no barrier between them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_lock_nested_region_task.c:[[@LINE-12]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}precise_lock_nested_region_task.c:[[@LINE-13]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_lock_nested_region_task.c:[[@LINE-13]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}precise_lock_nested_region_task.c:[[@LINE-14]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}precise_lock_nested_region_task.c:[[@LINE-26]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}precise_lock_nested_region_task.c:[[@LINE-22]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  omp_destroy_lock(&lock);
  printf("x=%d\n", x);
  return 0;
}
