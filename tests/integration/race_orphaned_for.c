// race_orphaned_for.c -- an orphaned worksharing loop in a function called from a region.
//
// sweep() holds an orphaned `omp for` (schedule(dynamic, 10)) and is called
// from the parallel region in main. Its chunks are logically parallel strands;
// every iteration writes `visits`, so the chunks race on it: one write/write
// report, located in sweep() (the source-level function, also when -O2 inlines
// it) with the loop's construct. grid[i] belongs to iteration i.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

#define N 100
int grid[N];
int visits;

void sweep(int n) {
#pragma omp for schedule(dynamic, 10)
  for (int i = 0; i < n; i++) {
    grid[i] = i;
    visits = i;
  }
}
// CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_orphaned_for.c:[[@LINE-4]]:{{[0-9]+}} in sweep (iteration of omp for at {{(.*/)?}}race_orphaned_for.c:[[@LINE-7]])
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_orphaned_for.c:[[@LINE-5]]:{{[0-9]+}} in sweep (iteration of omp for at {{(.*/)?}}race_orphaned_for.c:[[@LINE-8]])
// CHECK-NEXT: ==ompracer==   location: global 'visits' of 4 bytes, declared at {{(.*/)?}}race_orphaned_for.c:[[@LINE-12]]
// CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}race_orphaned_for.c:[[@LINE-10]]: the iterations of one loop are logically parallel, whichever thread runs them
// CHECK: ==ompracer== SUMMARY: 1 data race(s) reported

int main(void) {
#pragma omp parallel
  sweep(N);
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += grid[i];
  printf("sum=%ld\n", sum);
  return 0;
}
