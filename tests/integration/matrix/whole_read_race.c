// whole_read_race.c -- every iteration reads all of `pts` (the x, y and z of each point:
// three strided reads) and all of `wt` (one range), as an n-body force loop does, and
// iteration M / 2 then writes one point's x. Once a thread's earlier iterations cover
// these reads for every later one, its later iterations' reads are answered by onward
// records (runtime/history_range_repeats.h), except for the bytes the thread checked
// itself since (the write). The write races with the reads of that x in every other
// iteration: one read/write report, the same under every schedule and thread count.
//
// EXPECT: race
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
#pragma omp parallel for schedule(runtime)
  for (int i = 0; i < M; i++) {
    double s = 0;
    for (int j = 0; j < N; j++)
      s += (pts[3 * j] * i + pts[3 * j + 1] + pts[3 * j + 2]) * wt[j];
    out[i] = s;
    if (i == M / 2)
      pts[3 * 5] = 5;
  }
  // CHECK: ==ompracer== WARNING: data race ({{read/write|write/read}}) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{read|write}} at {{(.*/)?}}whole_read_race.c:{{27|30}}:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}whole_read_race.c:23)
  // CHECK-NEXT: ==ompracer==   {{read|write}} at {{(.*/)?}}whole_read_race.c:{{27|30}}:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}whole_read_race.c:23)
  // CHECK-NEXT: ==ompracer==   location: global 'pts' of 1536 bytes, declared at {{(.*/)?}}whole_read_race.c:14 (offset 120)
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}whole_read_race.c:23: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  double sum = 0;
  for (int i = 0; i < M; i++)
    sum += out[i];
  printf("sum %s\n", sum > 0 ? "positive" : "not positive");
  return 0;
}
