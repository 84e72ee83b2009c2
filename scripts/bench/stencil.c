/* Loop-heavy kernel: a 1-D three-point stencil over 2 M doubles, 20 sweeps of two
 * parallel loops. Race-free. After the sweeps an element depends only on the 41
 * initial values around it, so 1000 sampled elements are recomputed serially from
 * those (same arithmetic, so exactly equal): prints OK or FAIL. */
#include <stdio.h>
#include <stdlib.h>

#define N 2000000
#define SWEEPS 20

static double init(int i) {
  return (double)(((long)i * 7919) % 1013) * 0.25;
}

int main(void) {
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  for (int i = 0; i < N; i++) {
    a[i] = init(i);
    b[i] = 0;
  }
  for (int it = 0; it < SWEEPS; it++) {
#pragma omp parallel for
    for (int i = 1; i < N - 1; i++)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
#pragma omp parallel for
    for (int i = 1; i < N - 1; i++)
      a[i] = b[i];
  }
  int bad = a[0] != init(0) || a[N - 1] != init(N - 1);
  for (int s = 0; s < 1000; s++) {
    int c = SWEEPS + (int)(((long)s * 1999993) % (N - 2 * SWEEPS)); /* sample index */
    double w[2 * SWEEPS + 1], t[2 * SWEEPS + 1];
    for (int k = 0; k <= 2 * SWEEPS; k++)
      w[k] = init(c - SWEEPS + k);
    for (int it = 1; it <= SWEEPS; it++) { /* the valid window shrinks by one a side */
      for (int k = it; k <= 2 * SWEEPS - it; k++) {
        int i = c - SWEEPS + k;
        t[k] = i == 0 || i == N - 1 ? w[k] : (w[k - 1] + w[k] + w[k + 1]) / 3;
      }
      for (int k = it; k <= 2 * SWEEPS - it; k++)
        w[k] = t[k];
    }
    bad += a[c] != w[SWEEPS];
  }
  printf("stencil: %s (a[N/2] = %f)\n", bad ? "FAIL" : "OK", a[N / 2]);
  free(a);
  free(b);
  return bad != 0;
}
