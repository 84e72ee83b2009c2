// sync_flag_seq_cst.c -- a spin-wait on a seq_cst atomic flag orders the producer's
// writes before the consumer's accesses (OpenMP 5 memory model: the seq_cst write is a
// release, the seq_cst read that reads its value an acquire).
//
// Two sections: the producer fills `table` and a scalar, then sets `ready` with an
// atomic write seq_cst; the consumer spins on an atomic read seq_cst of `ready` until
// it reads 1, then reads the table and overwrites the scalar. Every conflict on `table`
// and `total` crosses the flag, so there is no race; the flag's own accesses are atomic.
// With one thread the sections run in order (producer first).
//
// MODES: fast precise
// EXPECT: norace
// CHECK-NOT: ==ompracer==
// PRECISE-NOT: ==ompracer==
#include <stdio.h>

#define N 64
int table[N];
long total;
int ready;

static long consume(void) {
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += table[i];
  return sum;
}

int main(void) {
  long result = 0;
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    {
      for (int i = 0; i < N; i++)
        table[i] = i * 3;
      total = -1;
#pragma omp atomic write seq_cst
      ready = 1;
    }
#pragma omp section
    {
      int seen = 0;
      while (!seen) {
#pragma omp atomic read seq_cst
        seen = ready;
      }
      result = consume();
      total = result;
    }
  }
  printf("result=%ld total=%ld\n", result, total);
  return 0;
}
