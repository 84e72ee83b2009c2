// race_for_static.c -- schedule(static) loop: every iteration writes one shared scalar.
//
// Each chunk of a worksharing loop is its own strand, and the chunks of one loop
// are logically parallel. With schedule(static) each thread gets one chunk;
// every iteration writes `last`, so the chunks race on it whatever the thread
// count (at least two): one write/write report. a[i] is only touched by its own
// iteration: no race, and the printed sum is deterministic.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

#define N 1000
int a[N];
int last;

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp parallel for schedule(static)
  for (int i = 0; i < N; i++) {
    a[i] = 2 * a[i];
    last = i;
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_for_static.c:[[@LINE-3]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_for_static.c:[[@LINE-6]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_for_static.c:[[@LINE-4]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_for_static.c:[[@LINE-7]])
  // CHECK-NEXT: ==ompracer==   location: global 'last' of 4 bytes, declared at {{(.*/)?}}race_for_static.c:[[@LINE-13]]
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}race_for_static.c:[[@LINE-9]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += a[i];
  printf("sum=%ld\n", sum);
  return 0;
}
