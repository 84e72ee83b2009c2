// A parallel region of two threads: a loop, its barrier, then code after it.
#include <stdio.h>
int a[8], sum;
int main(void) {
#pragma omp parallel num_threads(2)
  {
#pragma omp for
    for (int i = 0; i < 8; i++)
      a[i] = i;
#pragma omp single
    for (int i = 0; i < 8; i++)
      sum += a[i];
  }
  printf("%d\n", sum);
  return 0;
}
