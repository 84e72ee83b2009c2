/* Loop kernel: direct n-body simulation, N bodies (default 2000), STEPS steps
 * (default 6). Each step computes every body's acceleration from all others in a
 * parallel loop (reads all positions, writes its own acceleration), then updates
 * velocities and positions in a second parallel loop. Race-free. The initial total
 * momentum is zero and pairwise forces are equal and opposite, so the total momentum
 * must stay (numerically) zero: prints OK or FAIL. Arguments: N STEPS. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2000, steps = argc > 2 ? atoi(argv[2]) : 6;
  double *x = malloc(sizeof(double) * 3 * n), *v = malloc(sizeof(double) * 3 * n),
         *acc = malloc(sizeof(double) * 3 * n), *m = malloc(sizeof(double) * n);
  if (!x || !v || !acc || !m)
    return 1;
  unsigned s = 12345;
  for (int i = 0; i < n; i++) {
    for (int d = 0; d < 3; d++) {
      s = s * 1103515245u + 12345u;
      x[3 * i + d] = (double)(s >> 8) / (1 << 24) * 10.0;
      v[3 * i + d] = 0.0;
    }
    m[i] = 1.0 + (i % 3);
  }
  const double dt = 1e-3, eps2 = 1e-2;
  double scale = 0.0; /* sum of |m v| components, to judge the momentum's size */
  for (int step = 0; step < steps; step++) {
#pragma omp parallel for schedule(dynamic, 16)
    for (int i = 0; i < n; i++) {
      double ax = 0, ay = 0, az = 0;
      for (int j = 0; j < n; j++) {
        double dx = x[3 * j] - x[3 * i], dy = x[3 * j + 1] - x[3 * i + 1],
               dz = x[3 * j + 2] - x[3 * i + 2];
        double r2 = dx * dx + dy * dy + dz * dz + eps2;
        double inv = m[j] / (r2 * sqrt(r2));
        ax += dx * inv;
        ay += dy * inv;
        az += dz * inv;
      }
      acc[3 * i] = ax;
      acc[3 * i + 1] = ay;
      acc[3 * i + 2] = az;
    }
#pragma omp parallel for reduction(+ : scale)
    for (int i = 0; i < n; i++)
      for (int d = 0; d < 3; d++) {
        v[3 * i + d] += dt * acc[3 * i + d];
        x[3 * i + d] += dt * v[3 * i + d];
        scale += fabs(m[i] * v[3 * i + d]);
      }
  }
  double p[3] = {0, 0, 0};
  for (int i = 0; i < n; i++)
    for (int d = 0; d < 3; d++)
      p[d] += m[i] * v[3 * i + d];
  int ok = scale > 0 && fabs(p[0]) + fabs(p[1]) + fabs(p[2]) < 1e-9 * scale;
  printf("nbody %d x %d: %s\n", n, steps, ok ? "OK" : "FAIL");
  free(x);
  free(v);
  free(acc);
  free(m);
  return !ok;
}
