// norace_nested.c -- nested parallel regions where every implicit task writes its own cell.
//
// First with two active levels (real inner teams), then with one (inner regions
// serialised): inner implicit task (o, i) writes cell[o][i] only. After its inner
// region has joined, outer thread o reads its own row. No two parallel strands
// touch the same element: no race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int cell[2][2];
int rowsum[2];
int cell2[2][4];
int rowsum2[2];

int main(void) {
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
  {
    int o = omp_get_thread_num();
#pragma omp parallel num_threads(2)
    {
      int in = omp_get_thread_num();
      cell[o][in] = o * 10 + in;
    }
    rowsum[o] = cell[o][0] + cell[o][1];
  }
  omp_set_max_active_levels(1);
#pragma omp parallel num_threads(2)
  {
    int o = omp_get_thread_num();
#pragma omp parallel num_threads(4)
    {
      int in = omp_get_thread_num();
      int n = omp_get_num_threads();
      for (int k = in; k < 4; k += n)
        cell2[o][k] = o + k;
    }
    rowsum2[o] = cell2[o][0] + cell2[o][1] + cell2[o][2] + cell2[o][3];
  }
  printf("rows=%d,%d rows2=%d,%d\n", rowsum[0], rowsum[1], rowsum2[0], rowsum2[1]);
  return 0;
}
