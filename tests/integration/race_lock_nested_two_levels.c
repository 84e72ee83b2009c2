// race_lock_nested_two_levels.c -- two levels of nested regions inside one acquisition.
//
// Two outer threads each take `lock` and, holding it, run a middle team of two
// threads, each of which runs an inner team of two (three active levels) whose
// master writes `x`. Inside one acquisition the two inner teams' masters run in
// parallel (by the middle region): they race, one write/write report naming the
// middle region. The inner regions keep the middle region's hold of the lock, which
// does not exclude the threads run inside one acquisition from each other; writes in
// the two acquisitions never overlap, and precise mode does not report them. Fast
// mode ignores mutual exclusion: its report may name the outer region too.
//
// MODES: fast precise
// EXPECT: race
// VERDICT: precise an OpenMP lock at 26
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
#pragma omp parallel num_threads(2) // the middle team
    {
#pragma omp parallel num_threads(2) // the inner team
      {
        if (omp_get_thread_num() == 0)
          x = omp_get_level();
      }
    }
    omp_unset_lock(&lock);
  }
  // CHECK: ==ompracer== WARNING: fast mode may report false races in this program: it uses an OpenMP lock at {{(.*/)?}}race_lock_nested_two_levels.c:[[@LINE-11]]; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_lock_nested_two_levels.c:[[@LINE-7]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_lock_nested_two_levels.c:[[@LINE-10]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_lock_nested_two_levels.c:[[@LINE-8]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_lock_nested_two_levels.c:[[@LINE-11]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}race_lock_nested_two_levels.c:[[@LINE-22]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_lock_nested_two_levels.c:{{24|27}}, with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  // PRECISE: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}race_lock_nested_two_levels.c:[[@LINE-13]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_lock_nested_two_levels.c:[[@LINE-16]])
  // PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}race_lock_nested_two_levels.c:[[@LINE-14]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_lock_nested_two_levels.c:[[@LINE-17]])
  // PRECISE-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}race_lock_nested_two_levels.c:[[@LINE-28]]
  // PRECISE-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_lock_nested_two_levels.c:[[@LINE-21]], with no barrier between them; and they hold their common lock only as threads of a parallel region run inside one acquisition of it, which does not exclude them from each other: the write at {{(.*/)?}}race_lock_nested_two_levels.c:[[@LINE-16]]:{{[0-9]+}} holds lock 'lock', the write at {{(.*/)?}}race_lock_nested_two_levels.c:[[@LINE-16]]:{{[0-9]+}} holds lock 'lock'
  // PRECISE: ==ompracer== SUMMARY: 1 data race(s) reported
  omp_destroy_lock(&lock);
  printf("x=%d\n", x);
  return 0;
}
