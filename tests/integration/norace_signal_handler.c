// norace_signal_handler.c -- a signal handler that touches instrumented memory.
//
// SIGALRM comes every 100 us (setitimer) for about half a second, and its handler
// writes the volatile `flag` that every iteration of a parallel loop reads. The
// handler runs on whichever thread the signal interrupts, often inside the tool's
// check of that thread's read of `flag`, which then holds the lock of flag's shadow
// cell: the tool must not check the handler's write there (the handler would wait
// for the lock its own thread holds, for ever). Both accesses are atomic, so they
// never race: no race whether or not the handler's accesses are checked. The loop
// is repeated until the time is up; what is printed does not depend on the signals.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#define N 4096

static volatile int flag;
static int out[N];

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
  struct itimerval every = {{0, 100}, {0, 100}};
  setitimer(ITIMER_REAL, &every, NULL);

  double start = now();
  long rounds = 0;
  while (now() - start < 0.5) {
#pragma omp parallel for
    for (int i = 0; i < N; i++) {
      int f;
#pragma omp atomic read
      f = flag;
      out[i] = i + (f < 0); // f is 0 or 1: the output does not depend on it
    }
    rounds++;
  }

  struct itimerval off = {{0, 0}, {0, 0}};
  setitimer(ITIMER_REAL, &off, NULL);
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += out[i];
  printf("sum=%ld ran=%d\n", sum, rounds > 0);
  return 0;
}
