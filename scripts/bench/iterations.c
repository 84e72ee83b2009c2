/* Iteration strands at scale: one parallel loop of N iterations (default 10^8).
 * Kernel "reduce" touches almost no memory (a reduction over i), so any growth of
 * the tool's memory with N would come from per-iteration state; kernel "array"
 * writes and reads an int array of N elements, whose shadow grows with N by design.
 * Usage: iterations reduce|array [N] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  const char *kernel = argc > 1 ? argv[1] : "reduce";
  long n = argc > 2 ? atol(argv[2]) : 100000000L;
  if (!strcmp(kernel, "array")) {
    int *a = malloc(n * sizeof *a);
    if (!a)
      return 1;
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++)
      a[i] = (int)(i & 1023);
    long sum = 0;
#pragma omp parallel for reduction(+ : sum) schedule(static)
    for (long i = 0; i < n; i++)
      sum += a[i];
    printf("array %ld: %ld\n", n, sum);
    free(a);
    return 0;
  }
  long sum = 0;
#pragma omp parallel for reduction(+ : sum) schedule(dynamic, 1000)
  for (long i = 0; i < n; i++)
    sum += i % 7;
  printf("reduce %ld: %ld\n", n, sum);
  return 0;
}
