// race_exit_in_parallel.c -- exit(3) inside a parallel region of a racy program.
//
// Every implicit task writes `x` (a race), then, after a barrier, thread 0 calls
// exit(3) while the other threads are still in the region. exit() ends the
// program as returning from main does: the summary is printed and, a race having
// been reported, the race exit code (66) wins over the 3 given to exit() (the
// native run exits with 3).
//
// EXPECT: race
// MODES: fast precise
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int x;

int main(void) {
#pragma omp parallel num_threads(4)
  {
    x = 1;
#pragma omp barrier
    if (omp_get_thread_num() == 0) {
      printf("exiting with 3\n");
      exit(3);
    }
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_exit_in_parallel.c:[[@LINE-8]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_exit_in_parallel.c:[[@LINE-10]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_exit_in_parallel.c:[[@LINE-9]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_exit_in_parallel.c:[[@LINE-11]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}race_exit_in_parallel.c:[[@LINE-15]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_exit_in_parallel.c:[[@LINE-13]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("not reached\n");
  return 0;
}
