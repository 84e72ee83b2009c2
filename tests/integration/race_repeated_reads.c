// race_repeated_reads.c -- a blocked kernel reads the same elements again and again
// in one task (the column block once per row, as BOTS sparselu's bmod does), which
// the repeat filter answers without the history after the first check of each
// (runtime/history_repeats.h); a parallel task writes one element of that block. The
// race is reported whichever task the schedule checks first, at every -O level and
// thread count. The row block is written by no one in parallel: no report for it.
// MODES: fast precise
// EXPECT: race
#include <stdio.h>

#define B 32
float row[B * B], col[B * B], inner[B * B];

static void bmod(void) {
  for (int i = 0; i < B; i++)
    for (int j = 0; j < B; j++)
      for (int k = 0; k < B; k++)
        inner[i * B + j] -= row[i * B + k] * col[k * B + j];
}

int main(void) {
  for (int i = 0; i < B * B; i++) {
    row[i] = 1.0f;
    col[i] = 2.0f;
  }
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    bmod();
#pragma omp task
    col[5 * B + 7] = 2.0f;
#pragma omp taskwait
  }
  // CHECK: ==ompracer== WARNING: data race ({{read/write|write/read}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{read|write}} at {{(.*/)?}}race_repeated_reads.c:{{18|32}}:{{[0-9]+}} in {{bmod|main}} (explicit task created at {{(.*/)?}}race_repeated_reads.c:{{29|31}})
  // CHECK-NEXT: ==ompracer==   {{read|write}} at {{(.*/)?}}race_repeated_reads.c:{{18|32}}:{{[0-9]+}} in {{bmod|main}} (explicit task created at {{(.*/)?}}race_repeated_reads.c:{{29|31}})
  // CHECK-NEXT: ==ompracer==   location: global 'col' of 4096 bytes, declared at {{(.*/)?}}race_repeated_reads.c:12 (offset 668)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_repeated_reads.c:29 and {{(.*/)?}}race_repeated_reads.c:31 with no dependence between them{{.*}}
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("%s\n", inner[0] == -B * 2.0f ? "ok" : "wrong");
  return 0;
}
