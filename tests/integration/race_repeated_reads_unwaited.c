// race_repeated_reads_unwaited.c -- a task reads four elements again and again (the
// repeat filter answers all but the first check of each, runtime/history_repeats.h)
// and writes their sum; its creator ends without waiting for it, so precise mode's
// families may expand and a write may change what a later read of the strand does
// (the filter then ends the reads' records at each write). A sibling task of the
// creator writes one of the elements: the race is reported whichever is checked
// first, at every -O level and thread count.
// MODES: precise
// EXPECT: race
#include <stdio.h>

int a[4] = {1, 2, 3, 4};
int sum;

static void reduce(int n) {
  int s = 0;
  for (int k = 0; k < n; k++) {
    s += a[k % 4];
    sum = s;
  }
}

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    {
#pragma omp task
      reduce(1000);
    }
#pragma omp task
    a[2] = 3;
  }
  // CHECK: ==ompracer== WARNING: data race ({{read/write|write/read}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{read|write}} at {{(.*/)?}}race_repeated_reads_unwaited.c:{{18|33}}:{{[0-9]+}} in {{reduce|main}} (explicit task created at {{(.*/)?}}race_repeated_reads_unwaited.c:{{29|32}})
  // CHECK-NEXT: ==ompracer==   {{read|write}} at {{(.*/)?}}race_repeated_reads_unwaited.c:{{18|33}}:{{[0-9]+}} in {{reduce|main}} (explicit task created at {{(.*/)?}}race_repeated_reads_unwaited.c:{{29|32}})
  // CHECK-NEXT: ==ompracer==   location: global 'a' of 16 bytes, declared at {{(.*/)?}}race_repeated_reads_unwaited.c:12 (offset 8)
  // CHECK-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}race_repeated_reads_unwaited.c:27 runs in parallel with what its creator does after creating it{{.*}}
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("%s\n", sum == 2500 ? "ok" : "wrong");
  return 0;
}
