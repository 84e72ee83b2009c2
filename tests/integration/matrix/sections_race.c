// sections_race.c -- two sections of one sections construct write one variable.
//
// The sections of one construct are logically parallel whichever thread runs them:
// at 2 threads one thread often runs both (they then meet under that thread's
// sections node), at 8 each runs on its own thread (they meet only at the barrier
// phase). The why line must name the sections either way, not the threads.
// (schedule(runtime) does not apply to sections: the matrix's thread counts vary the
// placement.) One write/write report; `r1` and `r2` keep the optimiser from merging
// the two stores to `mode`.
//
// EXPECT: race
#include <stdio.h>

int mode, r1, r2;

int main(void) {
#pragma omp parallel sections
  {
#pragma omp section
    {
      mode = 1;
      r1 = 10;
    }
#pragma omp section
    {
      mode = 2;
      r2 = 20;
    }
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}sections_race.c:[[@LINE-10]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sections_race.c:[[@LINE-14]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}sections_race.c:[[@LINE-6]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}sections_race.c:[[@LINE-15]])
  // CHECK-NEXT: ==ompracer==   location: global 'mode' of 4 bytes, declared at {{(.*/)?}}sections_race.c:[[@LINE-19]]
  // CHECK-NEXT: ==ompracer==   why: different sections of the omp sections at {{(.*/)?}}sections_race.c:[[@LINE-17]]: the sections of one sections construct are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("r1=%d r2=%d\n", r1, r2);
  return 0;
}
