/* A racy OpenMP program for the install tests: every thread adds its share of the
   samples into one shared total without synchronisation, so the update of `total`
   (line 14) races with itself. ompracer reports it whatever the schedule. */
#include <stdio.h>

int main(void) {
  long samples[64];
  for (int i = 0; i < 64; i++)
    samples[i] = i % 7;

  long total = 0;
#pragma omp parallel for num_threads(2)
  for (int i = 0; i < 64; i++)
    total += samples[i];

  printf("total = %ld\n", total);
  return 0;
}
