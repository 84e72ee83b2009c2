// norace_simd.c -- simd loops without races: independent iterations, a dependence
// distance equal to safelen, and a simd reduction (each lane accumulates privately).
// Also inside a parallel loop (for simd).
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#define N 64
int a[N], b[N], c[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = b[i] = i;
#pragma omp simd
  for (int i = 0; i < N; i++)
    c[i] = a[i] + b[i];
#pragma omp simd safelen(8)
  for (int i = 8; i < N; i++)
    a[i] = a[i - 8] + 1;
  long sum = 0;
#pragma omp simd reduction(+ : sum)
  for (int i = 0; i < N; i++)
    sum += c[i];
#pragma omp parallel for simd
  for (int i = 0; i < N; i++)
    b[i] = 2 * c[i];
  printf("sum=%ld a=%d b=%d\n", sum, a[N - 1], b[N - 1]);
  return 0;
}
