// norace_signal_join_barrier.c -- a signal handler runs on a worker waiting between
// parallel regions while the master reclaims the finished region.
//
// Thousands of short outermost parallel regions, SIGALRM every 20 us, and a handler
// that writes the checked global `flag` that every implicit task reads. libomp ends a
// worker's implicit task only when the worker is next needed, so between regions the
// worker still runs its old task while the master reclaims the region's OSPG nodes
// and the next region reuses them. A handler checked there walked reused nodes,
// looped for ever holding flag's shadow-cell lock, and every thread then waited for
// it (found by scripts/stress.sh on norace_signal_handler.c, 1 run in about 100; this
// program hung at every run). From the join barrier on, the implicit task is not
// checked. Both accesses are atomic, so there is no race either way.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

static volatile int flag;

static void on_alarm(int sig) {
  (void)sig;
#pragma omp atomic write
  flag = 1;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_alarm;
  sa.sa_flags = SA_RESTART;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGALRM, &sa, NULL);
  struct itimerval every = {{0, 20}, {0, 20}};
  setitimer(ITIMER_REAL, &every, NULL);
  double start = now();
  while (now() - start < 0.3) {
#pragma omp parallel
    {
      int f;
#pragma omp atomic read
      f = flag;
      (void)f;
    }
  }
  struct itimerval off = {{0, 0}, {0, 0}};
  setitimer(ITIMER_REAL, &off, NULL);
  printf("done\n");
  return 0;
}
