// indirect_norace.c -- the race-free counterpart of indirect_race.c: idx is a
// permutation, so every element is updated by exactly one iteration.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#define N 256
int a[N], idx[N];

int main(void) {
  for (int i = 0; i < N; i++)
    idx[i] = (i * 7) % N; /* 7 and 256 are coprime: a permutation */
#pragma omp parallel for schedule(runtime)
  for (int i = 0; i < N; i++)
    a[idx[i]] += i;
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += a[i];
  printf("sum=%ld\n", sum);
  return 0;
}
