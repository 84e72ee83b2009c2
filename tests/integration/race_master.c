// race_master.c -- master has no implied barrier: the other threads read too early.
//
// The master construct is executed by thread 0 only and has no barrier, so the
// other threads' read of `ready_value` is logically parallel with thread 0's
// write: one write/read report. The read after the explicit barrier is ordered.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

int ready_value;
int got[64];
int after[64];

int main(void) {
  int n = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp master
    ready_value = 99;
    got[t] = ready_value;
#pragma omp barrier
    after[t] = ready_value;
    if (t == 0)
      n = omp_get_num_threads();
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_master.c:[[@LINE-8]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_master.c:[[@LINE-12]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_master.c:[[@LINE-8]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_master.c:[[@LINE-13]])
  // CHECK-NEXT: ==ompracer==   location: global 'ready_value' of 4 bytes, declared at {{(.*/)?}}race_master.c:[[@LINE-20]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_master.c:[[@LINE-15]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += after[i];
  printf("sum=%ld\n", sum);
  return 0;
}
