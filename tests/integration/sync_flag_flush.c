// sync_flag_flush.c -- the pre-OpenMP-5 idiom: flush, then a relaxed atomic write of
// the flag (a release); relaxed atomic reads of the flag, then flush (an acquire).
//
// The writer fills `samples` and flushes before setting `have_samples`; the reader
// spins with relaxed atomic reads, flushes once it has seen the flag, then averages
// the samples and scales them in place. No race.
//
// MODES: fast precise
// EXPECT: norace
// CHECK-NOT: ==ompracer==
// PRECISE-NOT: ==ompracer==
#include <stdio.h>

#define N 32
double samples[N];
int have_samples;

int main(void) {
  double mean = 0;
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    {
      for (int i = 0; i < N; i++)
        samples[i] = 0.5 * i;
#pragma omp flush
#pragma omp atomic write
      have_samples = 1;
    }
#pragma omp section
    {
      int seen;
      do {
#pragma omp atomic read
        seen = have_samples;
      } while (!seen);
#pragma omp flush
      double sum = 0;
      for (int i = 0; i < N; i++)
        sum += samples[i];
      mean = sum / N;
      for (int i = 0; i < N; i++)
        samples[i] -= mean;
    }
  }
  printf("mean=%g last=%g\n", mean, samples[N - 1]);
  return 0;
}
