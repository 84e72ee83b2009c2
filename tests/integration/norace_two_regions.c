// norace_two_regions.c -- consecutive parallel regions and serial code in between.
//
// Region 1: each implicit task writes its own slot. Serial code then rewrites
// every slot (accesses outside any parallel region never race). Region 2 reads
// the neighbour's slot: the end of region 1 (join) and the serial code order it.
// Serial code again, then a third region with a single writer and a barrier. No
// race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int slot[64];
int nb[64];
int shared_value;
int copies[64];

int main(void) {
  int n = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    slot[t] = t;
    if (t == 0)
      n = omp_get_num_threads();
  }
  for (int i = 0; i < n; i++)
    slot[i] = slot[i] * 2 + 1;
  shared_value = 0;
#pragma omp parallel num_threads(n)
  {
    int t = omp_get_thread_num();
    nb[t] = slot[(t + 1) % n];
  }
  for (int i = 0; i < n; i++)
    shared_value += nb[i];
#pragma omp parallel num_threads(n)
  {
#pragma omp single
    shared_value += 1;
    copies[omp_get_thread_num()] = shared_value;
  }
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += copies[i];
  printf("shared=%d sum=%ld\n", shared_value, sum);
  return 0;
}
