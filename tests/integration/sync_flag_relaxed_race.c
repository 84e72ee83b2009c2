// sync_flag_relaxed_race.c -- a flag written and read with relaxed atomics (no memory
// order clause, no flush) synchronises nothing: the consumer's read of the payload
// races with the producer's write, although the spin-wait makes the write come first
// in every run. One write/read report on `payload`; the flag's accesses are atomic and
// do not race with each other.
//
// MODES: fast precise
// EXPECT: race
#include <stdio.h>

double payload;
int posted;

int main(void) {
  double got = 0;
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    {
      payload = 2.5;
#pragma omp atomic write
      posted = 1;
    }
#pragma omp section
    {
      int seen = 0;
      while (!seen) {
#pragma omp atomic read
        seen = posted;
      }
      got = payload;
    }
  }
  printf("got=%g\n", got);
  return 0;
}
// CHECK: ==ompracer== WARNING: data race (write/read) on 8 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}sync_flag_relaxed_race.c:[[@LINE-18]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sync_flag_relaxed_race.c:[[@LINE-22]])
// CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}sync_flag_relaxed_race.c:[[@LINE-8]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sync_flag_relaxed_race.c:[[@LINE-23]])
// CHECK-NEXT: ==ompracer==   location: global 'payload' of 8 bytes, declared at {{(.*/)?}}sync_flag_relaxed_race.c:[[@LINE-29]]
// CHECK-NEXT: ==ompracer==   why: different sections of the omp sections at {{(.*/)?}}sync_flag_relaxed_race.c:16: the sections of one sections construct are logically parallel, whichever thread runs them
// CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
// PRECISE: ==ompracer== WARNING: data race (write/read) on 8 bytes at 0x{{[0-9a-f]+}}
// PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}sync_flag_relaxed_race.c:[[@LINE-24]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sync_flag_relaxed_race.c:[[@LINE-28]])
// PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}sync_flag_relaxed_race.c:[[@LINE-14]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sync_flag_relaxed_race.c:[[@LINE-29]])
// PRECISE-NEXT: ==ompracer==   location: global 'payload' of 8 bytes, declared at {{(.*/)?}}sync_flag_relaxed_race.c:[[@LINE-35]]
// PRECISE-NEXT: ==ompracer==   why: different sections of the omp sections at {{(.*/)?}}sync_flag_relaxed_race.c:16: the sections of one sections construct are logically parallel, whichever thread runs them
// PRECISE: ==ompracer== SUMMARY: 1 data race(s) reported
