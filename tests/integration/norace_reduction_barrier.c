// norace_reduction_barrier.c -- accesses to a reduction variable that a barrier
// separates from the combining step.
//
// A reduction without nowait ends with its construct's barrier; a nowait reduction
// followed by an explicit barrier is the same. After either, the masked thread reads
// and writes the variable: ordered after every thread's part of the combining step,
// whichever method libomp picks (atomics up to 4 threads, a tree inside a barrier of
// its own from 5 threads on; that inner barrier orders nothing by itself). An array
// section's private copies, which the tree's master reads while it combines, are its
// own. No race.
//
// EXPECT: norace
// THREADS: 1 2 3 5 8
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

long a, b;
long seen;

__attribute__((noinline)) static void use(long *p) {
  seen += *p;
  *p = 0;
}

int main(void) {
  long hist[4] = {0, 0, 0, 0};
#pragma omp parallel
  {
#pragma omp for reduction(+ : hist[0 : 4])
    for (int i = 0; i < 64; i++)
      hist[i % 4] += i;
#pragma omp for reduction(+ : a)
    for (int i = 0; i < 64; i++)
      a += i;
#pragma omp masked
    use(&a);
#pragma omp for reduction(+ : b) nowait
    for (int i = 0; i < 64; i++)
      b += 2 * i;
#pragma omp barrier
#pragma omp masked
    use(&b);
  }
  printf("seen=%ld hist=%ld\n", seen, hist[0] + hist[3]);
  return 0;
}
