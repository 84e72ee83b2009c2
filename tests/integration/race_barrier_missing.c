// race_barrier_missing.c -- explicit barrier missing between a write and a neighbour's read.
//
// Each implicit task writes its own slot and then reads its neighbour's slot.
// Without a barrier between the two, the neighbour's write is logically parallel
// with the read: one write/read report. After the explicit barrier the other
// neighbour is read: that read is ordered after every write (no report), and
// only those ordered values are printed.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

int slot[64];
int right[64];
int left[64];

int main(void) {
  int n = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    int nt = omp_get_num_threads();
    slot[t] = t + 1;
    right[t] = slot[(t + 1) % nt];
#pragma omp barrier
    left[t] = slot[(t + nt - 1) % nt];
    if (t == 0)
      n = nt;
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_barrier_missing.c:[[@LINE-8]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_barrier_missing.c:[[@LINE-12]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_barrier_missing.c:[[@LINE-8]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_barrier_missing.c:[[@LINE-13]])
  // CHECK-NEXT: ==ompracer==   location: global 'slot' of 256 bytes, declared at {{(.*/)?}}race_barrier_missing.c:[[@LINE-20]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_barrier_missing.c:[[@LINE-15]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += left[i];
  printf("sum=%ld\n", sum);
  return 0;
}
