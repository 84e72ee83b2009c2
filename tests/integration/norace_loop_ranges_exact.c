// norace_loop_ranges_exact.c -- loops whose accesses the pass checks once per loop, as
// a range (pass/LoopRanges.h), must cover exactly the bytes the loop touches.
//
// Pairs of sibling tasks (logically parallel) touch neighbouring, disjoint bytes of
// one array through loops: halves (one loop forward, one backward), even and odd
// elements (a stride of two elements: the range must not cover the gaps), loops
// that leave early (at a sentinel read from memory, or at a computed index, before
// that iteration's write: the other task writes from there), a write that only some
// iterations make, and char arrays written per byte.
// Every byte is touched by one task only. No race, at every -O level.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#define N 4096
int halves[N], strided[2 * N], early[N], before[N], some[N];
double backward[N];
char bytes[N];

__attribute__((noinline)) static void fill(int *p, long n, int v) {
  for (long i = 0; i < n; i++)
    p[i] = v + (int)i;
}

__attribute__((noinline)) static void fill_back(double *p, long n) {
  for (long i = n - 1; i >= 0; i--)
    p[i] = (double)i / 2;
}

__attribute__((noinline)) static void fill_every_other(int *p, long n, int v) {
  for (long i = 0; i < n; i++)
    p[2 * i] = v;
}

/* Writes up to the first negative element of `stop` (the sentinel). */
__attribute__((noinline)) static long fill_until(int *p, const int *stop, long n) {
  long i = 0;
  for (; i < n; i++) {
    if (stop[i] < 0)
      break;
    p[i] = 7;
  }
  return i;
}

/* Writes p[0..k) when k < n: the loop leaves at k, before the write of iteration k. */
__attribute__((noinline)) static void fill_before(int *p, long n, long k) {
  for (long i = 0; i < n; i++) {
    if (i == k)
      break;
    p[i] = 9;
  }
}

__attribute__((noinline)) static void fill_multiples_of_3(int *p, long n) {
  for (long i = 0; i < n; i++)
    if (i % 3 == 0)
      p[i] = 3;
}

__attribute__((noinline)) static void fill_not_multiples_of_3(int *p, long n) {
  for (long i = 0; i < n; i++)
    if (i % 3 != 0)
      p[i] = 4;
}

__attribute__((noinline)) static void fill_bytes(char *p, long n, char v) {
  for (long i = 0; i < n; i++)
    p[i] = v;
}

int main(void) {
  static int stop[N];
  stop[N / 2] = -1; /* fill_until stops there */
  long reached = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    fill(halves, N / 2, 1);
#pragma omp task
    fill(halves + N / 2, N / 2, 2);
#pragma omp task
    fill_back(backward, N / 2);
#pragma omp task
    fill_back(backward + N / 2, N / 2);
#pragma omp task
    fill_every_other(strided, N, 5);
#pragma omp task
    fill_every_other(strided + 1, N, 6);
#pragma omp task shared(reached)
    reached = fill_until(early, stop, N);
#pragma omp task
    fill(early + N / 2 + 1, N / 2 - 1, 8);
#pragma omp task
    fill_before(before, N, N / 2);
#pragma omp task
    fill(before + N / 2, N / 2, 10);
#pragma omp task
    fill_multiples_of_3(some, N);
#pragma omp task
    fill_not_multiples_of_3(some, N);
#pragma omp task
    fill_bytes(bytes, N / 2 - 1, 'a');
#pragma omp task
    fill_bytes(bytes + N / 2 - 1, N / 2 + 1, 'b');
  }
  long sum = reached;
  for (int i = 0; i < N; i++)
    sum += halves[i] + strided[2 * i] + strided[2 * i + 1] + early[i] + before[i] + some[i] + bytes[i] +
           (long)backward[i];
  printf("sum=%ld\n", sum);
  return 0;
}
