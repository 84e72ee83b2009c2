/* Loops and tasks in one program: a parallel loop fills an array of N ints (default
 * 2 M), a task-parallel merge sort sorts it (a task per half down to a cutoff,
 * taskwait before each merge, a taskgroup around the whole sort), and a parallel
 * loop with reductions checks that the result is sorted and has the same sum and
 * xor as the input. All in one parallel region (single creates the tasks; the loops
 * are worksharing loops of the same team). Race-free. Prints OK or FAIL. The
 * argument is N. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CUTOFF 4096

static int cmp_int(const void *p, const void *q) {
  int a = *(const int *)p, b = *(const int *)q;
  return (a > b) - (a < b);
}

static void merge(const int *a, long na, const int *b, long nb, int *out) {
  long i = 0, j = 0, k = 0;
  while (i < na && j < nb)
    out[k++] = a[i] <= b[j] ? a[i++] : b[j++];
  while (i < na)
    out[k++] = a[i++];
  while (j < nb)
    out[k++] = b[j++];
}

/* sorts a[0..n) using tmp[0..n) as scratch */
static void sort(int *a, int *tmp, long n) {
  if (n <= CUTOFF) {
    qsort(a, n, sizeof *a, cmp_int);
    return;
  }
  long h = n / 2;
#pragma omp task
  sort(a, tmp, h);
#pragma omp task
  sort(a + h, tmp + h, n - h);
#pragma omp taskwait
  merge(a, h, a + h, n - h, tmp);
  memcpy(a, tmp, n * sizeof *a);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 2000000L;
  int *a = malloc(sizeof(int) * n), *tmp = malloc(sizeof(int) * n);
  if (!a || !tmp)
    return 1;
  long in_sum = 0, out_sum = 0, unsorted = 0;
  unsigned in_xor = 0, out_xor = 0;
#pragma omp parallel
  {
#pragma omp for reduction(+ : in_sum) reduction(^ : in_xor)
    for (long i = 0; i < n; i++) {
      a[i] = (int)(((unsigned)i * 2654435761u) >> 4);
      in_sum += a[i];
      in_xor ^= (unsigned)a[i];
    }
#pragma omp single
    {
#pragma omp taskgroup
      sort(a, tmp, n);
    }
#pragma omp for reduction(+ : out_sum, unsorted) reduction(^ : out_xor)
    for (long i = 0; i < n; i++) {
      out_sum += a[i];
      out_xor ^= (unsigned)a[i];
      unsorted += i > 0 && a[i - 1] > a[i];
    }
  }
  int ok = unsorted == 0 && out_sum == in_sum && out_xor == in_xor;
  printf("mixed %ld: %s\n", n, ok ? "OK" : "FAIL");
  free(a);
  free(tmp);
  return !ok;
}
