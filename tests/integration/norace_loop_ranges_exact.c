// norace_loop_ranges_exact.c -- loops whose accesses the pass checks once per loop, as
// a range (pass/LoopRanges.h), must cover exactly the bytes the loop touches.
//
// Pairs of sibling tasks (logically parallel) touch neighbouring, disjoint bytes of
// one array through loops: halves (one loop forward, one backward), even and odd
// elements (a stride of two elements: the range must not cover the gaps), loops
// that leave early (at a sentinel read from memory, or at a computed index, before
// that iteration's write: the other task writes from there), a write that only some
// iterations make, and char arrays written per byte. Searches that leave early read
// up to the element they stop at and no further (their reads are checked on the loop's
// exit edges, over the iterations that ran): the other task writes from the next
// element on (forward, backward, every other element, chars).
// Every byte is touched by one task only. No race, at every -O level.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#define N 4096
int halves[N], strided[2 * N], early[N], before[N], some[N];
int searched[N], searched_back[N], searched_even[2 * N], searched_fixed[1000];
double backward[N];
char bytes[N], text[N];

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

/* The first index whose element is v, or n. */
__attribute__((noinline)) static long find(const int *p, long n, int v) {
  for (long i = 0; i < n; i++)
    if (p[i] == v)
      return i;
  return n;
}

/* The last index whose element is v, or -1. */
__attribute__((noinline)) static long find_last(const int *p, long n, int v) {
  long i = n - 1;
  for (; i >= 0; i--)
    if (p[i] == v)
      break;
  return i;
}

/* The first k whose element p[2 * k] is v, or n. */
__attribute__((noinline)) static long find_even(const int *p, long n, int v) {
  for (long k = 0; k < n; k++)
    if (p[2 * k] == v)
      return k;
  return n;
}

/* A search whose bound is a constant: at -O2 clang unrolls it, with an exit after
 * each copy, so it may stop in the middle of an unrolled iteration. */
__attribute__((noinline)) static long find_fixed(const int *p, int v) {
  for (long i = 0; i < 1000; i++)
    if (p[i] == v)
      return i;
  return 1000;
}

__attribute__((noinline)) static long find_char(const char *s, long n, char c) {
  for (long i = 0; i < n; i++)
    if (s[i] == c)
      return i;
  return n;
}

int main(void) {
  static int stop[N];
  searched[N / 2] = -5;      /* find stops there; [N/2 + 1, N) is the other task's */
  searched_back[N / 2] = -5; /* find_last stops there; [0, N/2) is the other task's */
  searched_even[N] = -5;     /* find_even stops at k = N/2; the odd elements and the even
                                ones after it are the other task's */
  text[N / 2] = '!';
  searched_fixed[502] = -5; /* find_fixed stops there; [503, 1000) is the other task's */
  long found[5] = {0};
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
#pragma omp task shared(found)
    found[0] = find(searched, N, -5);
#pragma omp task
    fill(searched + N / 2 + 1, N / 2 - 1, 11);
#pragma omp task shared(found)
    found[1] = find_last(searched_back, N, -5);
#pragma omp task
    fill(searched_back, N / 2, 12);
#pragma omp task shared(found)
    found[2] = find_even(searched_even, N, -5);
#pragma omp task
    {
      fill_every_other(searched_even + 1, N, 13);
      fill_every_other(searched_even + N + 2, N / 2 - 1, 14);
    }
#pragma omp task shared(found)
    found[3] = find_char(text, N, '!');
#pragma omp task
    fill_bytes(text + N / 2 + 1, N / 2 - 1, 'c');
#pragma omp task shared(found)
    found[4] = find_fixed(searched_fixed, -5);
#pragma omp task
    fill(searched_fixed + 503, 1000 - 503, 15);
  }
  if (found[0] != N / 2 || found[1] != N / 2 || found[2] != N / 2 || found[3] != N / 2 ||
      found[4] != 502) {
    printf("wrong search results %ld %ld %ld %ld\n", found[0], found[1], found[2], found[3]);
    return 1;
  }
  long sum = reached;
  for (int i = 0; i < N; i++)
    sum += halves[i] + strided[2 * i] + strided[2 * i + 1] + early[i] + before[i] + some[i] + bytes[i] +
           (long)backward[i];
  printf("sum=%ld\n", sum);
  return 0;
}
