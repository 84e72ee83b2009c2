// sync_flag_plain_race.c -- the flag is set by a plain write: it is no release, so it
// races with the consumer's seq_cst atomic read, and orders nothing, so the payload
// races too. Two reports: `ready` (write/atomic read) and `value` (write/read); the
// spin-wait makes both writes come first in every run.
//
// MODES: fast precise
// EXPECT: race
#include <stdio.h>

int value;
int ready;

int main(void) {
  int got = 0;
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    {
      value = 7;
      ready = 1;
    }
#pragma omp section
    {
      int seen = 0;
      while (!seen) {
#pragma omp atomic read seq_cst
        seen = ready;
      }
      got = value;
    }
  }
  printf("got=%d\n", got);
  return 0;
}
// CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}sync_flag_plain_race.c:[[@LINE-17]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sync_flag_plain_race.c:[[@LINE-21]])
// CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}sync_flag_plain_race.c:[[@LINE-8]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sync_flag_plain_race.c:[[@LINE-22]])
// CHECK-NEXT: ==ompracer==   location: global 'value' of 4 bytes, declared at {{(.*/)?}}sync_flag_plain_race.c:[[@LINE-28]]
// CHECK-NEXT: ==ompracer==   why: different sections of the omp sections at {{(.*/)?}}sync_flag_plain_race.c:15: the sections of one sections construct are logically parallel, whichever thread runs them
// CHECK: ==ompracer== WARNING: data race (write/atomic read) on 4 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}sync_flag_plain_race.c:[[@LINE-21]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sync_flag_plain_race.c:[[@LINE-26]])
// CHECK-NEXT: ==ompracer==   atomic read at {{(.*/)?}}sync_flag_plain_race.c:[[@LINE-15]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sync_flag_plain_race.c:[[@LINE-27]])
// CHECK-NEXT: ==ompracer==   location: global 'ready' of 4 bytes, declared at {{(.*/)?}}sync_flag_plain_race.c:[[@LINE-32]]
// CHECK-NEXT: ==ompracer==   why: different sections of the omp sections at {{(.*/)?}}sync_flag_plain_race.c:15: the sections of one sections construct are logically parallel, whichever thread runs them
// CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
// PRECISE: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
// PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}sync_flag_plain_race.c:[[@LINE-28]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sync_flag_plain_race.c:[[@LINE-32]])
// PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}sync_flag_plain_race.c:[[@LINE-19]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sync_flag_plain_race.c:[[@LINE-33]])
// PRECISE-NEXT: ==ompracer==   location: global 'value' of 4 bytes, declared at {{(.*/)?}}sync_flag_plain_race.c:[[@LINE-39]]
// PRECISE-NEXT: ==ompracer==   why: different sections of the omp sections at {{(.*/)?}}sync_flag_plain_race.c:15: the sections of one sections construct are logically parallel, whichever thread runs them
// PRECISE: ==ompracer== WARNING: data race (write/atomic read) on 4 bytes at 0x{{[0-9a-f]+}}
// PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}sync_flag_plain_race.c:[[@LINE-32]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sync_flag_plain_race.c:[[@LINE-37]])
// PRECISE-NEXT: ==ompracer==   atomic read at {{(.*/)?}}sync_flag_plain_race.c:[[@LINE-26]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sync_flag_plain_race.c:[[@LINE-38]])
// PRECISE-NEXT: ==ompracer==   location: global 'ready' of 4 bytes, declared at {{(.*/)?}}sync_flag_plain_race.c:[[@LINE-43]]
// PRECISE-NEXT: ==ompracer==   why: different sections of the omp sections at {{(.*/)?}}sync_flag_plain_race.c:15: the sections of one sections construct are logically parallel, whichever thread runs them
// PRECISE: ==ompracer== SUMMARY: 2 data race(s) reported
