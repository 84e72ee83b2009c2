// incomplete_shadow_limit.c -- the shadow memory limit stops the checking: the run
// must not exit as a clean one.
//
// With shadow_limit_mb=1 the shadow covers about 1 MiB of application memory; the
// parallel loop writes 8 MiB, so detection switches itself off there, says so once,
// and the race planted after it (every thread writes `flag`) goes unchecked. The
// summary says checking was incomplete and the exit code is 67 (incomplete_exitcode),
// not the program's 0. The program's own output is unchanged.
//
// EXPECT: incomplete
// OPTIONS: shadow_limit_mb=1
#include <stdio.h>
#include <stdlib.h>

#define N (2 * 1024 * 1024)
int flag;

int main(void) {
  int *a = malloc(N * sizeof *a);
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    a[i] = i % 7;
  // CHECK: ==ompracer== ERROR: the shadow memory limit is reached; race detection is off from here on (raise it with OMPRACER_OPTIONS=shadow_limit_mb=N, now 1)
#pragma omp parallel
  flag = 1;
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += a[i];
  printf("sum=%ld flag=%d\n", sum, flag);
  free(a);
  return 0;
  // CHECK: ==ompracer== SUMMARY: 0 data race(s) reported; checking was incomplete (see the ERROR above), so races may have been missed
}
