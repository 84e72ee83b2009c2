// posix_memalign_shapes.c -- the pass splits the block after each posix_memalign call
// (the block it returns through its first argument is marked fresh only when the
// call returned 0). Calls in the shapes that could trip the split: result ignored,
// tested in a branch, returned at once, in a loop, in a task, through a pointer
// parameter; each must compile with the IR verifier at every -O.
#include <stdlib.h>

void *ignored(size_t n) {
  void *p = NULL;
  (void)posix_memalign(&p, 64, n);
  return p;
}

int returned(void **out, size_t n) {
  return posix_memalign(out, 32, n);
}

double loop(int m) {
  double s = 0;
  for (int i = 1; i <= m; i++) {
    double *d;
    if (posix_memalign((void **)&d, 64, (size_t)i * sizeof *d))
      break;
    for (int k = 0; k < i; k++)
      d[k] = k;
    s += d[i - 1];
    free(d);
  }
  return s;
}

int tasks(int m) {
  int total = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < m; i++) {
#pragma omp task shared(total) firstprivate(i)
    {
      int *b;
      if (posix_memalign((void **)&b, 128, 64 * sizeof *b) == 0) {
        b[0] = i;
#pragma omp atomic
        total += b[0];
        free(b);
      }
    }
  }
  return total;
}
