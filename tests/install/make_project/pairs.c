/* A racy OpenMP program for the install tests, built by a plain Makefile with
   CC=ompracer-clang: two sections write the same element of `pairs` (lines 12 and 14). */
#include <stdio.h>

int main(void) {
  int pairs[4] = {0, 0, 0, 0};
#pragma omp parallel num_threads(2)
  {
#pragma omp sections
    {
#pragma omp section
      pairs[1] = 10;
#pragma omp section
      pairs[1] = 20;
    }
  }
  printf("pairs[1] = %d\n", pairs[1]);
  return 0;
}
