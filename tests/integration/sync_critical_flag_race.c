// sync_critical_flag_race.c -- a flag handed over through critical sections orders
// only what the setter did before its critical section: here the setter writes
// `late` after setting the flag, and the poller reads it after seeing the flag. In
// some schedule the read comes first: one write/read report on `late`. The flag itself
// is always accessed inside the critical section, and `early`, written before it, is
// ordered. The poller waits for a second flag, set after `late` is written, so every
// run writes `late` before the poller reads it.
//
// MODES: precise
// EXPECT: race
#include <stdio.h>

int early, late;
int ready, also_done;

int main(void) {
  int got = 0;
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    {
      early = 1;
#pragma omp critical(gate)
      ready = 1;
      late = 2;
#pragma omp atomic write seq_cst
      also_done = 1;
    }
#pragma omp section
    {
      int go = 0;
      while (!go) {
#pragma omp critical(gate)
        {
          if (ready)
            go = 1;
        }
      }
      int seen = 0;
      while (!seen) {
#pragma omp atomic read relaxed
        seen = also_done;
      }
      got = early + late;
    }
  }
  printf("got=%d\n", got);
  return 0;
}
// PRECISE: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
// PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}sync_critical_flag_race.c:[[@LINE-26]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sync_critical_flag_race.c:[[@LINE-33]])
// PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}sync_critical_flag_race.c:[[@LINE-8]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sync_critical_flag_race.c:[[@LINE-34]])
// PRECISE-NEXT: ==ompracer==   location: global 'late' of 4 bytes, declared at {{(.*/)?}}sync_critical_flag_race.c:[[@LINE-40]]
// PRECISE-NEXT: ==ompracer==   why: different sections of the omp sections at {{(.*/)?}}sync_critical_flag_race.c:18: the sections of one sections construct are logically parallel, whichever thread runs them
// PRECISE: ==ompracer== SUMMARY: 1 data race(s) reported
