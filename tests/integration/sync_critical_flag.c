// sync_critical_flag.c -- a flag handed over through critical sections: one section
// fills `samples`, then sets `ready` inside a critical section; the other polls
// `ready` inside the same critical section until it sees it set, then reads the
// samples. The samples are written before the flag changes and read after the poll
// saw the change, in every schedule: no race (DataRaceBench 192's shape). With one
// thread the sections run in order and the first poll already sees the flag set.
//
// MODES: precise
// EXPECT: norace
// PRECISE-NOT: ==ompracer==
#include <stdio.h>

#define N 64
double samples[N];
int ready;

int main(void) {
  double sum = 0;
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    {
      for (int i = 0; i < N; i++)
        samples[i] = 0.25 * i;
#pragma omp critical(gate)
      ready = 1;
    }
#pragma omp section
    {
      int go = 0;
      while (!go) {
#pragma omp critical(gate)
        {
          if (ready)
            go = 1;
        }
      }
      for (int i = 0; i < N; i++)
        sum += samples[i];
    }
  }
  printf("sum=%g\n", sum);
  return 0;
}
