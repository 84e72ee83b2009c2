// whole_read_norace.c -- every iteration reads all of `pts` (three strided reads) and all
// of `wt` (one range) and writes its own element of `out`, as an n-body force loop does;
// after the loop one thread moves the points. Its later iterations' reads are answered
// by onward records (runtime/history_range_repeats.h); nothing races, under any schedule.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#define N 64
#define M 200
double pts[3 * N], wt[N], out[M];

int main(void) {
  for (int j = 0; j < N; j++) {
    pts[3 * j] = j;
    pts[3 * j + 1] = 2 * j;
    pts[3 * j + 2] = 3 * j;
    wt[j] = 1.0 / (j + 1);
  }
#pragma omp parallel
  {
    for (int step = 0; step < 3; step++) {
#pragma omp for schedule(runtime)
      for (int i = 0; i < M; i++) {
        double s = 0;
        for (int j = 0; j < N; j++)
          s += (pts[3 * j] * i + pts[3 * j + 1] + pts[3 * j + 2]) * wt[j];
        out[i] = s;
      }
#pragma omp single
      for (int j = 0; j < N; j++)
        pts[3 * j] += out[j] * 1e-6;
    }
  }
  double sum = 0;
  for (int i = 0; i < M; i++)
    sum += out[i];
  printf("sum %s\n", sum > 0 ? "positive" : "not positive");
  return 0;
}
