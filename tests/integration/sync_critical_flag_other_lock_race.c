// sync_critical_flag_other_lock_race.c -- the flag is set inside critical(a) and
// polled inside critical(b): the two sections do not exclude each other, so the flag
// races (write/read) and hands nothing over, and the payload races too (write/read).
// Two reports; the poll loop makes both writes come first in every run.
//
// MODES: precise
// EXPECT: race
#include <stdio.h>

int payload;
int ready;

int main(void) {
  int got = 0;
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    {
      payload = 5;
#pragma omp critical(a)
      ready = 1;
    }
#pragma omp section
    {
      int go = 0;
      while (!go) {
#pragma omp critical(b)
        {
          if (ready)
            go = 1;
        }
      }
      got = payload;
    }
  }
  printf("got=%d\n", got);
  return 0;
}
// PRECISE: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
// PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}sync_critical_flag_other_lock_race.c:[[@LINE-21]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sync_critical_flag_other_lock_race.c:[[@LINE-25]])
// PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}sync_critical_flag_other_lock_race.c:[[@LINE-8]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sync_critical_flag_other_lock_race.c:[[@LINE-26]])
// PRECISE-NEXT: ==ompracer==   location: global 'payload' of 4 bytes, declared at {{(.*/)?}}sync_critical_flag_other_lock_race.c:[[@LINE-32]]
// PRECISE-NEXT: ==ompracer==   why: different sections of the omp sections at {{(.*/)?}}sync_critical_flag_other_lock_race.c:15: the sections of one sections construct are logically parallel, whichever thread runs them
// PRECISE: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
// PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}sync_critical_flag_other_lock_race.c:[[@LINE-24]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sync_critical_flag_other_lock_race.c:[[@LINE-30]])
// PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}sync_critical_flag_other_lock_race.c:[[@LINE-17]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sync_critical_flag_other_lock_race.c:[[@LINE-31]])
// PRECISE-NEXT: ==ompracer==   location: global 'ready' of 4 bytes, declared at {{(.*/)?}}sync_critical_flag_other_lock_race.c:[[@LINE-36]]
// PRECISE-NEXT: ==ompracer==   why: different sections of the omp sections at {{(.*/)?}}sync_critical_flag_other_lock_race.c:15: the sections of one sections construct are logically parallel, whichever thread runs them; and they hold no common lock: the write at {{(.*/)?}}sync_critical_flag_other_lock_race.c:21:13 holds critical(a), the read at {{(.*/)?}}sync_critical_flag_other_lock_race.c:29:15 holds critical(b)
// PRECISE: ==ompracer== SUMMARY: 2 data race(s) reported
