// modulo_race.c -- every second iteration updates the same element: acc[i % 2].
// Iterations i and i + 2 race on acc[i % 2] whatever runs them. Under
// schedule(static, 1) with two threads each element is touched by one thread only
// (thread 0 runs the even iterations as consecutive one-iteration chunks), so a
// detector that separates threads or chunks, not iterations, misses it. One
// read/write and one write/write report, the same under every schedule and thread
// count.
//
// EXPECT: race
#include <stdio.h>

#define N 200
int acc[2];

int main(void) {
#pragma omp parallel for schedule(runtime)
  for (int i = 0; i < N; i++)
    acc[i % 2] += i;
  // CHECK: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}modulo_race.c:[[@LINE-2]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}modulo_race.c:[[@LINE-4]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}modulo_race.c:[[@LINE-3]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}modulo_race.c:[[@LINE-5]])
  // CHECK-NEXT: ==ompracer==   location: global 'acc' of 8 bytes, declared at {{(.*/)?}}modulo_race.c:[[@LINE-9]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}modulo_race.c:[[@LINE-7]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}modulo_race.c:[[@LINE-7]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}modulo_race.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}modulo_race.c:[[@LINE-8]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}modulo_race.c:[[@LINE-10]])
  // CHECK-NEXT: ==ompracer==   location: global 'acc' of 8 bytes, declared at {{(.*/)?}}modulo_race.c:[[@LINE-14]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}modulo_race.c:[[@LINE-12]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  printf("done\n");
  return 0;
}
