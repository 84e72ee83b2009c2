// race_nested_outer_sibling.c -- an inner region's code is parallel with the outer team.
//
// Thread 0 of the outer team opens an inner parallel region (num_threads(1), so
// the inner team has one implicit task) and writes `data` there. The other
// threads of the outer team read `data` in their implicit tasks. The inner
// region is nested in thread 0's implicit task, which is logically parallel with
// its siblings: one write/read race. No other access conflicts.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

int data;
int seen[64];

int main(void) {
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    if (tid == 0) {
#pragma omp parallel num_threads(1)
      {
        data = 42;
      }
    } else {
      seen[tid] = data;
    }
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_nested_outer_sibling.c:[[@LINE-7]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_nested_outer_sibling.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_nested_outer_sibling.c:[[@LINE-5]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_nested_outer_sibling.c:[[@LINE-14]])
  // CHECK-NEXT: ==ompracer==   location: global 'data' of 4 bytes, declared at {{(.*/)?}}race_nested_outer_sibling.c:[[@LINE-19]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_nested_outer_sibling.c:[[@LINE-16]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("data=%d\n", data);
  return 0;
}
