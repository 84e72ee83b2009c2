// unstable_verdict.c -- a program whose race depends on the clock, for the stress
// test's self-check: scripts/stress.sh must call its runs unstable and exit 1.
//
// Two threads write `flag` in some runs only (when the nanosecond clock is odd when
// the program starts), so the set of reported site pairs differs from run to run
// (the tool's verdict itself is right in every run).
#include <omp.h>
#include <stdio.h>
#include <time.h>

int flag;

int main(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  int racy = (int)(ts.tv_nsec / 1000 % 2); // microseconds: the low bits are coarse on some clocks
#pragma omp parallel num_threads(2)
  if (racy)
    flag = omp_get_thread_num();
  printf("done\n");
  return 0;
}
