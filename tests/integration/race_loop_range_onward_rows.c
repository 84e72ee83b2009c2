// race_loop_range_onward_rows.c -- race_loop_range_onward.c over many rows: a taskloop
// task reads every row of `a` (a loop range per row, more rows than a thread once kept
// onward records for) in each of its iterations and writes one element in iteration 4;
// two sibling tasks read all the rows too. Once its reads are covered (by the siblings'
// or its own earlier iterations'), its later iterations' row reads are answered by one
// onward record per row (runtime/onward_set.h); the element it wrote is its row's record's
// hole, checked for real. Both races of the write are reported whichever task runs first
// (tests/unit/test_range_repeats.c, onward_many_rows, checks the holes exactly).
//
// EXPECT: race
#include <stdio.h>

#define R 40
#define C 16
#define M 16
double a[R][C], sums[M], sum1, sum2;

__attribute__((noinline)) static double read_all(void) {
  double s = 0;
  for (int k = 0; k < R; k++)
    for (int j = 0; j < C; j++)
      s += a[k][j];
  return s;
}

int main(void) {
  for (int k = 0; k < R; k++)
    for (int j = 0; j < C; j++)
      a[k][j] = k + j;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    sum1 = read_all();
#pragma omp task
    sum2 = read_all();
#pragma omp task
#pragma omp taskloop num_tasks(1)
    for (int i = 0; i < M; i++) {
      double s = 0;
      for (int k = 0; k < R; k++)
        for (int j = 0; j < C; j++)
          s += a[k][j] * i;
      sums[i] = s;
      if (i == 4)
        a[27][7] = s;
    }
  }
  // CHECK: ==ompracer== WARNING: data race (read/write) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_loop_range_onward_rows.c:22:{{[0-9]+}} in read_all (explicit task created at {{(.*/)?}}race_loop_range_onward_rows.c:{{33|35}})
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_loop_range_onward_rows.c:46:{{[0-9]+}} in main (iteration of omp taskloop at {{(.*/)?}}race_loop_range_onward_rows.c:38)
  // CHECK-NEXT: ==ompracer==   location: global 'a' of 5120 bytes, declared at {{(.*/)?}}race_loop_range_onward_rows.c:16 (offset 3512)
  // CHECK-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}race_loop_range_onward_rows.c:{{33|35}} runs in parallel with what its creator does after creating it{{.*}}
  // CHECK: ==ompracer== WARNING: data race (read/write) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_loop_range_onward_rows.c:43:{{[0-9]+}} in main (iteration of omp taskloop at {{(.*/)?}}race_loop_range_onward_rows.c:38)
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_loop_range_onward_rows.c:46:{{[0-9]+}} in main (iteration of omp taskloop at {{(.*/)?}}race_loop_range_onward_rows.c:38)
  // CHECK-NEXT: ==ompracer==   location: global 'a' of 5120 bytes, declared at {{(.*/)?}}race_loop_range_onward_rows.c:16 (offset 3512)
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp taskloop at {{(.*/)?}}race_loop_range_onward_rows.c:38: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  printf("sums %s\n", sums[M - 1] > 0 && sum1 > 0 && sum2 > 0 ? "positive" : "not positive");
  return 0;
}
