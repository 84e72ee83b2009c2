// norace_atomic.c -- atomic accesses never race with each other.
//
// All threads atomically update `counter` and `bytes[t % 2]` (one byte each),
// atomically write and read `flag`, and capture the old value of `ticket`.
// Atomic/atomic pairs are not races, and plain accesses happen only after the
// region ended. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int counter;
int flag;
int ticket;
char bytes[2];
int got[64];

int main(void) {
  int n = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    for (int r = 0; r < 10; r++) {
#pragma omp atomic
      counter += 1;
#pragma omp atomic update
      bytes[t % 2] += 1;
    }
#pragma omp atomic write
    flag = 1;
    int f;
#pragma omp atomic read
    f = flag;
    int mine;
#pragma omp atomic capture
    mine = ticket++;
    got[t] = f + (mine >= 0);
    if (t == 0)
      n = omp_get_num_threads();
  }
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += got[i];
  printf("counter=%d ticket=%d bytes=%d flag=%d sum=%ld\n", counter, ticket, bytes[0] + bytes[1], flag, sum);
  return 0;
}
