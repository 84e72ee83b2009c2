/* Reduction kernel: REPS passes (default 20) over an array of N longs (default 4 M),
 * each pass one parallel loop with reduction(+) on a sum and reduction(min / max),
 * all values exact integers. Race-free. Compares with the closed forms and prints
 * OK or FAIL. Arguments: N REPS. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4000000L;
  int reps = argc > 2 ? atoi(argv[2]) : 20;
  long *a = malloc(sizeof(long) * n);
  if (!a)
    return 1;
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    a[i] = i % 1000 - 500;
  int bad = 0;
  for (int r = 0; r < reps; r++) {
    long sum = 0, lo = a[0] + r, hi = a[0] + r;
#pragma omp parallel for reduction(+ : sum) reduction(min : lo) reduction(max : hi)
    for (long i = 0; i < n; i++) {
      long t = a[i] + r;
      sum += t;
      lo = t < lo ? t : lo;
      hi = t > hi ? t : hi;
    }
    /* closed forms: full periods of -500..499, then the remainder */
    long full = n / 1000, rest = n % 1000, want = full * (-500) + r * n;
    for (long k = 0; k < rest; k++)
      want += k - 500;
    bad += sum != want || lo != -500 + r || hi != (n >= 1000 ? 499 : rest - 501) + r;
  }
  printf("reduction %ld x %d: %s\n", n, reps, bad ? "FAIL" : "OK");
  free(a);
  return bad != 0;
}
