// modulo_norace.c -- the race-free counterpart of modulo_race.c: iteration i reads
// k[i % 2] (never written in the loop) and writes only out[i]. Under
// schedule(static, 1) one thread runs every second iteration as consecutive chunks
// of one loop; none of them conflict, so nothing is reported whatever the schedule.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#define N 200
int k[2] = {3, 5};
int out[N];

int main(void) {
#pragma omp parallel for schedule(runtime)
  for (int i = 0; i < N; i++)
    out[i] = k[i % 2] * i;
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += out[i];
  printf("sum=%ld\n", sum);
  return 0;
}
