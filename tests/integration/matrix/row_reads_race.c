// row_reads_race.c -- a matrix-multiply-like loop: every iteration reads the first 18 of
// the 20 doubles of each of the R rows of `b` (a loop range per row), more rows than a
// thread once kept onward records for; each iteration also writes the 20th double of its
// own row, between two row ranges, and iteration M / 2 writes one element that every
// iteration reads. Once a thread's earlier iterations cover the row reads for every later
// one, its later iterations' reads are answered by one onward record per row
// (runtime/onward_set.h), except for the bytes the thread checked itself since (the
// write). One read/write report, the same under every schedule and thread count.
//
// EXPECT: race
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
    if (i == M / 2)
      b[61][7] = s;
  }
  // CHECK: ==ompracer== WARNING: data race ({{read/write|write/read}}) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{read|write}} at {{(.*/)?}}row_reads_race.c:{{29|33}}:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}row_reads_race.c:24)
  // CHECK-NEXT: ==ompracer==   {{read|write}} at {{(.*/)?}}row_reads_race.c:{{29|33}}:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}row_reads_race.c:24)
  // CHECK-NEXT: ==ompracer==   location: global 'b' of 32000 bytes, declared at {{(.*/)?}}row_reads_race.c:15 (offset 9816)
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}row_reads_race.c:24: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  double sum = 0;
  for (int i = 0; i < M; i++)
    sum += out[i];
  printf("sum %s\n", sum > 0 ? "positive" : "not positive");
  return 0;
}
