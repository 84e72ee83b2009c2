// distant_norace.c -- the race-free counterpart of distant_race.c: the first half
// reads the second half of a, which no iteration writes (they write c).
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#define N 256
int a[N], b[N], c[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp parallel for schedule(runtime)
  for (int i = 0; i < N; i++) {
    if (i < N / 2)
      b[i] = a[i + N / 2];
    else
      c[i] = -i;
  }
  printf("b[0]=%d c[N-1]=%d\n", b[0], c[N - 1]);
  return 0;
}
