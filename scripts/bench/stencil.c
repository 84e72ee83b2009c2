/* Loop-heavy kernel: a 1-D three-point stencil over 2 M doubles, 10 sweeps of two
 * parallel loops. Race-free. */
#include <stdio.h>
#include <stdlib.h>

#define N 2000000

int main(void) {
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  for (int i = 0; i < N; i++) {
    a[i] = i;
    b[i] = 0;
  }
  for (int it = 0; it < 10; it++) {
#pragma omp parallel for
    for (int i = 1; i < N - 1; i++)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
#pragma omp parallel for
    for (int i = 1; i < N - 1; i++)
      a[i] = b[i];
  }
  printf("%f\n", a[N / 2]);
  free(a);
  free(b);
  return 0;
}
