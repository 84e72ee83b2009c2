// race_single_nowait.c -- single nowait: the other threads read what the single wrote.
//
// A single construct with nowait has no barrier at its end, so the threads that
// skip it read `config` in parallel with the write inside it: one write/read
// report. The second single (with its implicit barrier) and the reads after it
// are ordered: no report for them.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

int config;
int early[64];
int settled;
int late[64];

int main(void) {
  int n = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp single nowait
    config = 5;
    early[t] = config;
#pragma omp single
    settled = 8;
    late[t] = settled;
#pragma omp master
    n = omp_get_num_threads();
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_single_nowait.c:[[@LINE-9]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_single_nowait.c:[[@LINE-13]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_single_nowait.c:[[@LINE-9]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_single_nowait.c:[[@LINE-14]])
  // CHECK-NEXT: ==ompracer==   location: global 'config' of 4 bytes, declared at {{(.*/)?}}race_single_nowait.c:[[@LINE-22]]
  // CHECK-NEXT: ==ompracer==   why: the nowait at {{(.*/)?}}race_single_nowait.c:[[@LINE-13]] removes the barrier at the end of the omp single: one access is in that omp single, the other after it, in another thread's implicit task of the omp parallel at {{(.*/)?}}race_single_nowait.c:[[@LINE-16]]
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += late[i];
  printf("sum=%ld\n", sum);
  return 0;
}
