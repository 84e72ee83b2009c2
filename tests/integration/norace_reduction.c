// norace_reduction.c -- reduction clauses on parallel, for and sections.
//
// Each thread accumulates into its private copy of the reduction variable; the
// runtime combines the copies into the original variable under its own mutual
// exclusion (tree, atomic or critical method). The original variables are read
// only after the construct. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

#define N 1000
int a[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i % 13;
  long sum = 0;
  int maxv = -1;
#pragma omp parallel for reduction(+ : sum) reduction(max : maxv) schedule(dynamic, 16)
  for (int i = 0; i < N; i++) {
    sum += a[i];
    if (a[i] > maxv)
      maxv = a[i];
  }
  int count = 0;
#pragma omp parallel reduction(+ : count)
  count += 1;
  long prod = 1;
#pragma omp parallel sections reduction(* : prod)
  {
#pragma omp section
    prod *= 2;
#pragma omp section
    prod *= 3;
#pragma omp section
    prod *= 7;
  }
  printf("sum=%ld max=%d count=%d prod=%ld\n", sum, maxv, count, prod);
  return 0;
}
