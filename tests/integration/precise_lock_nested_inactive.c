// precise_lock_nested_inactive.c -- a lock held around an inactive nested region.
//
// As precise_lock_nested_region.c, with one active level: each outer thread's inner
// region has a team of one thread, the outer thread itself, which increments `x`
// inside its acquisition of `lock`. The two acquisitions never overlap: no race. The
// inner region's implicit task holds the lock as the region's (lockset.h, instance
// tokens), and the thread's own hold of it must not count beside that: precise mode
// reports nothing. Fast mode ignores mutual exclusion: it reports the two increments.
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
  omp_set_max_active_levels(1);
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
  // CHECK: ==ompracer== WARNING: fast mode may report false races in this program: it uses an OpenMP lock at {{(.*/)?}}precise_lock_nested_inactive.c:[[@LINE-8]]; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
  // CHECK: ==ompracer== WARNING: data race ({{read/write|write/read}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{read|write}} at {{(.*/)?}}precise_lock_nested_inactive.c:[[@LINE-6]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_lock_nested_inactive.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   {{read|write}} at {{(.*/)?}}precise_lock_nested_inactive.c:[[@LINE-7]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_lock_nested_inactive.c:[[@LINE-10]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}precise_lock_nested_inactive.c:[[@LINE-19]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}precise_lock_nested_inactive.c:[[@LINE-15]], with no barrier between them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_lock_nested_inactive.c:[[@LINE-11]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_lock_nested_inactive.c:[[@LINE-14]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_lock_nested_inactive.c:[[@LINE-12]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_lock_nested_inactive.c:[[@LINE-15]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}precise_lock_nested_inactive.c:[[@LINE-24]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}precise_lock_nested_inactive.c:[[@LINE-20]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  omp_destroy_lock(&lock);
  printf("x=%d\n", x);
  return 0;
}
