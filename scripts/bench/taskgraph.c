/* Task-graph kernel: a blocked 2-D wavefront (Gauss-Seidel-like sweep) where block
 * (i, j) depends on (i-1, j) and (i, j-1) through depend clauses: NB x NB tasks in one
 * parallel region. Race-free. The argument is NB. Each element is computed once from
 * its final upper and left neighbours, so checking that every element equals the
 * average of those (same arithmetic, so exactly) verifies the order: prints OK or
 * FAIL. */
#include <stdio.h>
#include <stdlib.h>

#define B 16 /* block edge, in elements */

int main(int argc, char **argv) {
  int nb = argc > 1 ? atoi(argv[1]) : 100;
  int n = nb * B;
  double *g = calloc((size_t)n * n, sizeof *g);
  char *dep = calloc((size_t)nb * nb, 1); /* one dependence address per block */
  for (int i = 0; i < n; i++)
    g[i] = 1.0;
#pragma omp parallel
#pragma omp single
  for (int bi = 0; bi < nb; bi++)
    for (int bj = 0; bj < nb; bj++) {
      char *me = &dep[bi * nb + bj];
      char *up = bi ? me - nb : me, *left = bj ? me - 1 : me;
#pragma omp task depend(in : *up, *left) depend(inout : *me) firstprivate(bi, bj)
      for (int i = bi * B; i < (bi + 1) * B; i++)
        for (int j = bj * B; j < (bj + 1) * B; j++)
          if (i > 0 && j > 0)
            g[(size_t)i * n + j] = 0.5 * (g[(size_t)(i - 1) * n + j] + g[(size_t)i * n + j - 1]);
    }
  long bad = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double want = i == 0   ? 1.0
                    : j == 0 ? 0.0
                             : 0.5 * (g[(size_t)(i - 1) * n + j] + g[(size_t)i * n + j - 1]);
      bad += g[(size_t)i * n + j] != want;
    }
  printf("taskgraph %d: %s (corner %f)\n", nb, bad ? "FAIL" : "OK", g[(size_t)n * n - 1]);
  free(g);
  free(dep);
  return bad != 0;
}
