// sync_lock_handoff_race.c -- a lock hand-off that a schedule can overtake orders
// nothing. Both threads take `gate` only after the barrier: thread 0 writes `shared_x`
// inside it, thread 1 takes and drops it, then writes `shared_x` outside. In another
// schedule thread 1 takes the lock first, so the writes race (the lock does not
// protect thread 1's write). One write/write report; thread 1 waits for a relaxed flag
// thread 0 sets after its unlock, so thread 0's write comes first in every run.
//
// MODES: precise
// EXPECT: race
#include <omp.h>
#include <stdio.h>

omp_lock_t gate;
int shared_x;
int unlocked;

int main(void) {
  omp_init_lock(&gate);
#pragma omp parallel num_threads(2)
  {
    int t = omp_get_thread_num();
    if (t == 0) {
      omp_set_lock(&gate);
      shared_x = 1;
      omp_unset_lock(&gate);
#pragma omp atomic write
      unlocked = 1;
    } else {
      int seen = 0;
      while (!seen) {
#pragma omp atomic read
        seen = unlocked;
      }
      omp_set_lock(&gate);
      omp_unset_lock(&gate);
      shared_x = 2;
    }
  }
  omp_destroy_lock(&gate);
  printf("done\n");
  return 0;
}
// PRECISE: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
// PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}sync_lock_handoff_race.c:[[@LINE-20]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}sync_lock_handoff_race.c:[[@LINE-25]])
// PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}sync_lock_handoff_race.c:[[@LINE-9]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}sync_lock_handoff_race.c:[[@LINE-26]])
// PRECISE-NEXT: ==ompracer==   location: global 'shared_x' of 4 bytes, declared at {{(.*/)?}}sync_lock_handoff_race.c:[[@LINE-32]]
// PRECISE-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}sync_lock_handoff_race.c:19, with no barrier between them; and they hold no common lock: the write at {{(.*/)?}}sync_lock_handoff_race.c:24:16 holds lock 'gate', the write at {{(.*/)?}}sync_lock_handoff_race.c:36:16 holds no lock
// PRECISE: ==ompracer== SUMMARY: 1 data race(s) reported
