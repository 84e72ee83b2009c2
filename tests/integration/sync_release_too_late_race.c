// sync_release_too_late_race.c -- only what comes before a release is published. The
// producer writes `early`, releases `go` (atomic write release), then writes `late`;
// the consumer acquires `go` and reads both. `early` is ordered, `late` is not: one
// write/read report on `late`. (The consumer also waits for `late_done`, set by a
// relaxed atomic write after `late`, so the write comes first in every run; a relaxed
// flag orders nothing.)
//
// MODES: fast precise
// EXPECT: race
#include <stdio.h>

int early, late;
int go, late_done;

int main(void) {
  int sum = 0;
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    {
      early = 1;
#pragma omp atomic write release
      go = 1;
      late = 2;
#pragma omp atomic write
      late_done = 1;
    }
#pragma omp section
    {
      int seen = 0;
      while (!seen) {
#pragma omp atomic read acquire
        seen = go;
      }
      seen = 0;
      while (!seen) {
#pragma omp atomic read
        seen = late_done;
      }
      sum = early + late;
    }
  }
  printf("sum=%d\n", sum);
  return 0;
}
// CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}sync_release_too_late_race.c:[[@LINE-23]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sync_release_too_late_race.c:[[@LINE-30]])
// CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}sync_release_too_late_race.c:[[@LINE-8]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sync_release_too_late_race.c:[[@LINE-31]])
// CHECK-NEXT: ==ompracer==   location: global 'late' of 4 bytes, declared at {{(.*/)?}}sync_release_too_late_race.c:[[@LINE-37]]
// CHECK-NEXT: ==ompracer==   why: different sections of the omp sections at {{(.*/)?}}sync_release_too_late_race.c:17: the sections of one sections construct are logically parallel, whichever thread runs them
// CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
// PRECISE: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
// PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}sync_release_too_late_race.c:[[@LINE-29]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sync_release_too_late_race.c:[[@LINE-36]])
// PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}sync_release_too_late_race.c:[[@LINE-14]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sync_release_too_late_race.c:[[@LINE-37]])
// PRECISE-NEXT: ==ompracer==   location: global 'late' of 4 bytes, declared at {{(.*/)?}}sync_release_too_late_race.c:[[@LINE-43]]
// PRECISE-NEXT: ==ompracer==   why: different sections of the omp sections at {{(.*/)?}}sync_release_too_late_race.c:17: the sections of one sections construct are logically parallel, whichever thread runs them
// PRECISE: ==ompracer== SUMMARY: 1 data race(s) reported
