// norace_num_threads1.c -- a num_threads(1) region: its one implicit task is serial.
//
// A parallel region with num_threads(1) has a single implicit task, so all its
// own accesses are in series: the repeated reads and writes of `acc` and `arr`
// do not race. Its worksharing loop still makes chunk strands, but each element
// is touched by one iteration only; the reads of `arr` after the loop come after
// its implicit barrier. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

#define N 100
int acc;
int arr[N];

int main(void) {
#pragma omp parallel num_threads(1)
  {
    acc = 0;
    for (int i = 0; i < N; i++) {
      arr[i] = i;
      acc += arr[i];
    }
#pragma omp for schedule(dynamic, 7)
    for (int i = 0; i < N; i++)
      arr[i] = arr[i] * 2;
    for (int i = 0; i < N; i++)
      acc += arr[i];
#pragma omp single
    acc += 1;
  }
  printf("acc=%d\n", acc);
  return 0;
}
