/* Loop kernel: dense matrix multiply C = A * B of N x N doubles (default N = 768),
 * rows of C split over the threads (i-k-j order, so the inner loop streams rows of
 * B and C). Race-free. Checks 64 entries of C against a serial dot product and
 * prints OK or FAIL. The argument is N. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 768;
  double *a = malloc(sizeof(double) * n * n), *b = malloc(sizeof(double) * n * n),
         *c = malloc(sizeof(double) * n * n);
  if (!a || !b || !c)
    return 1;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      a[(size_t)i * n + j] = (double)((i + 2 * j) % 7) - 3.0;
      b[(size_t)i * n + j] = (double)((3 * i + j) % 5) * 0.5;
      c[(size_t)i * n + j] = 0.0;
    }
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++) {
      double aik = a[(size_t)i * n + k];
      for (int j = 0; j < n; j++)
        c[(size_t)i * n + j] += aik * b[(size_t)k * n + j];
    }
  int bad = 0;
  for (int s = 0; s < 64; s++) {
    int i = (s * 97) % n, j = (s * 31 + 7) % n;
    double ref = 0.0;
    for (int k = 0; k < n; k++)
      ref += a[(size_t)i * n + k] * b[(size_t)k * n + j];
    if (fabs(ref - c[(size_t)i * n + j]) > 1e-9 * (1.0 + fabs(ref)))
      bad++;
  }
  printf("matmul %d: %s\n", n, bad ? "FAIL" : "OK");
  free(a);
  free(b);
  free(c);
  return bad != 0;
}
