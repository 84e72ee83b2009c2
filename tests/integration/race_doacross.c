// race_doacross.c -- a doacross loop (ordered(1) with depend(sink/source)): its
// cross-iteration dependences are not modelled, which the tool says once, naming the
// loop. The race on `last`, written by every iteration outside the ordered region, is
// reported; a[i] is only touched by its own iteration.
//
// EXPECT: race
#include <stdio.h>

#define N 64
int a[N], last;

int main(void) {
#pragma omp parallel for ordered(1)
  for (int i = 1; i < N; i++) {
    last = i;
#pragma omp ordered depend(sink : i - 1)
    a[i] = i;
#pragma omp ordered depend(source)
  }
  // CHECK: ==ompracer== WARNING: at {{(.*/)?}}race_doacross.c:[[@LINE-7]]: a doacross loop (ordered(n) with depend(source/sink)): its cross-iteration dependences are not modelled, so data ordered only by them can be reported as racing between iterations
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_doacross.c:[[@LINE-7]]:10 in main (iteration of omp for at {{(.*/)?}}race_doacross.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_doacross.c:[[@LINE-8]]:10 in main (iteration of omp for at {{(.*/)?}}race_doacross.c:[[@LINE-10]])
  // CHECK-NEXT: ==ompracer==   location: global 'last' of 4 bytes, declared at {{(.*/)?}}race_doacross.c:[[@LINE-14]]
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}race_doacross.c:[[@LINE-12]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("a[N-1]=%d\n", a[N - 1]);
  return 0;
}
