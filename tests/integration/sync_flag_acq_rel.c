// sync_flag_acq_rel.c -- a request/acknowledge hand-shake with release writes and
// acquire reads orders each side's accesses before the other's, in both directions.
//
// The client writes `request` (plain), releases `posted` (atomic write release); the
// server acquires it (atomic read acquire in a spin loop), reads the request and writes
// `answer`, releases `done`; the client acquires `done` and reads the answer. Two
// edges, one each way: no race.
//
// MODES: fast precise
// EXPECT: norace
// CHECK-NOT: ==ompracer==
// PRECISE-NOT: ==ompracer==
#include <stdio.h>

struct msg {
  int op;
  double arg;
};
struct msg request;
double answer;
int posted, done;

int main(void) {
  double got = 0;
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    {
      request.op = 2;
      request.arg = 1.5;
#pragma omp atomic write release
      posted = 1;
      int ok = 0;
      while (!ok) {
#pragma omp atomic read acquire
        ok = done;
      }
      got = answer;
    }
#pragma omp section
    {
      int ok = 0;
      while (!ok) {
#pragma omp atomic read acquire
        ok = posted;
      }
      answer = request.op * request.arg;
#pragma omp atomic write release
      done = 1;
    }
  }
  printf("got=%g\n", got);
  return 0;
}
