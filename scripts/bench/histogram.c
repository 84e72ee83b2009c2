/* Atomics kernel: a 256-bin histogram of N hashed values (default N = 16 M), every
 * increment an `omp atomic` update of a shared bin. Race-free. Recounts serially and
 * prints OK or FAIL. The argument is N. */
#include <stdio.h>
#include <stdlib.h>

#define BINS 256

static unsigned bin_of(long i) {
  return ((unsigned)i * 2654435761u) >> 24;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 16000000L;
  long hist[BINS] = {0}, ref[BINS] = {0};
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) {
    unsigned b = bin_of(i);
#pragma omp atomic
    hist[b]++;
  }
  for (long i = 0; i < n; i++)
    ref[bin_of(i)]++;
  int bad = 0;
  long total = 0;
  for (int b = 0; b < BINS; b++) {
    bad += hist[b] != ref[b];
    total += hist[b];
  }
  printf("histogram %ld: %s\n", n, bad || total != n ? "FAIL" : "OK");
  return bad != 0;
}
