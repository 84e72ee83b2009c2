// race_signal_handler_report.c -- a race found, and reported, inside a signal handler
// that interrupted the program inside malloc.
//
// SIGALRM comes every 100 us for about 0.3 s. Every iteration of a parallel loop
// allocates and frees blocks (so the signal often lands inside malloc, holding its
// arena lock) and writes its own element of `val`; the handler reads val[0], which
// iteration 0 wrote. A handler runs as part of whatever strand it interrupted: in
// another iteration of the loop its read races with iteration 0's write, and the tool
// usually finds that race in the handler, so the report (the first of the run) is
// made there. Reporting must take no lock the interrupted code may hold: with the
// report table grown by calloc on the first report, this program hung in 6 of 12
// runs at 2 threads. One read/write report; the output does not
// depend on the signals. Which strand the handler's read is in depends on where the
// signal lands (an iteration, or the implicit task outside them with more threads
// than cores), and so do its strand's description and the `why:` line: the CHECK
// lines leave those open.
//
// EXPECT: race
// THREADS: 1 2 3 8
// CHECK: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_signal_handler_report.c:[[@LINE+20]]:{{[0-9]+}} in on_alarm ({{.+}})
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_signal_handler_report.c:[[@LINE+49]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_signal_handler_report.c:[[@LINE+42]])
// CHECK-NEXT: ==ompracer==   location: global 'val' of 8192 bytes, declared at {{(.*/)?}}race_signal_handler_report.c:[[@LINE+13]] (offset 0)
// CHECK-NEXT: ==ompracer==   why: {{.+}}
// CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define N 2048

static volatile int val[N];
static char *sink[N];

static void on_alarm(int sig) {
  (void)sig;
  if (val[0] == -1) // never: val holds only values >= 0
    write(2, "?\n", 2);
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
  while (now() - start < 0.3) {
#pragma omp parallel for
    for (int i = 0; i < N; i++) {
      for (int k = 0; k < 8; k++) {
        char *p = malloc(16 + (size_t)((i * 8 + k) % 512));
        free(sink[i]);
        sink[i] = p;
      }
      val[i] = i;
    }
    rounds++;
  }

  struct itimerval off = {{0, 0}, {0, 0}};
  setitimer(ITIMER_REAL, &off, NULL);
  long sum = 0;
  for (int i = 0; i < N; i++) {
    sum += val[i];
    free(sink[i]);
  }
  printf("sum=%ld ran=%d\n", sum, rounds > 0);
  return 0;
}
