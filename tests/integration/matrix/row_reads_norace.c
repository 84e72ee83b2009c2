// row_reads_norace.c -- row_reads_race.c without the write of an element the other
// iterations read: every iteration reads the first 18 doubles of each of the R rows of `b`
// (a loop range per row, answered by one onward record per row once the thread's earlier
// iterations cover it: runtime/onward_set.h) and writes the 20th double of its own row,
// between two row ranges, which no other iteration touches. No race under any schedule.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#define R 200
#define M 200
double a[M][R], b[R][20], out[M];

int main(void) {
  for (int k = 0; k < R; k++)
    for (int j = 0; j < 20; j++)
      b[k][j] = k + j;
  for (int i = 0; i < M; i++)
    for (int k = 0; k < R; k++)
      a[i][k] = (i + k) % 3;
#pragma omp parallel for schedule(runtime)
  for (int i = 0; i < M; i++) {
    double s = 0;
    for (int k = 0; k < R; k++)
      for (int j = 0; j < 18; j++)
        s += a[i][k] * b[k][j];
    b[i][19] = s;
    out[i] = s;
  }
  double sum = 0;
  for (int i = 0; i < M; i++)
    sum += out[i];
  printf("sum %s\n", sum > 0 ? "positive" : "not positive");
  return 0;
}
