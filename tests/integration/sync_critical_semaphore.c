// sync_critical_semaphore.c -- a two-thread barrier made of binary semaphores: each
// flag is raised inside a critical section and lowered by the thread that polls it in
// the same critical section (DataRaceBench 184's shape, in our own code). Thread 0
// writes `shared_x` between two barriers, thread 1 reads it between the next two, for
// several rounds: every access is ordered by the hand-made barriers. No race.
//
// MODES: precise
// EXPECT: norace
// PRECISE-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

static _Bool up0, up1;
static int shared_x;

static void raise_flag(_Bool *f) {
#pragma omp critical
  *f = 1;
}

static void lower_flag(_Bool *f) {
  _Bool done = 0;
  while (!done) {
#pragma omp critical
    if (*f == 1) {
      *f = 0;
      done = 1;
    }
  }
}

// Thread 0 signals up0 and waits for up1; thread 1 the other way round.
static void barrier2(int tid) {
  if (tid == 0) {
    raise_flag(&up0);
    lower_flag(&up1);
  } else {
    lower_flag(&up0);
    raise_flag(&up1);
  }
}

int main(void) {
  long seen = 0;
#pragma omp parallel num_threads(2) reduction(+ : seen)
  {
    int tid = omp_get_thread_num();
    if (omp_get_num_threads() == 2) {
      for (int round = 0; round < 8; round++) {
        if (tid == 0)
          shared_x = round;
        barrier2(tid);
        if (tid == 1)
          seen += shared_x;
        barrier2(tid);
      }
    }
  }
  printf("seen=%ld\n", seen);
  return 0;
}
