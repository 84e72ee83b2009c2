// carried_norace.c -- the race-free counterpart of carried_race.c: iteration i reads
// b[i-1] and writes a[i], so no two iterations touch the same element of a; a
// temporary whose address escapes lives on the running task's stack, private to
// whichever thread runs the iteration.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#define N 256
int a[N], b[N];

__attribute__((noinline)) static void twice(int *p) { *p *= 2; }

int main(void) {
  for (int i = 0; i < N; i++)
    b[i] = i;
#pragma omp parallel for schedule(runtime)
  for (int i = 1; i < N; i++) {
    int t = b[i - 1] + 1;
    twice(&t);
    a[i] = t;
  }
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += a[i];
  printf("sum=%ld\n", sum);
  return 0;
}
