// norace_read_shared.c -- many parallel reads of the same data.
//
// Loop chunks, implicit tasks and explicit tasks all read the shared table
// `coef` (written only in serial code before the region) and write only their
// own outputs. Reads never race with reads, however many parallel readers. No
// race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

#define N 200
int coef[8];
long out[N];
long per_thread[64];
long task_out[16];

int main(void) {
  for (int i = 0; i < 8; i++)
    coef[i] = i + 1;
  int n = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp for schedule(dynamic, 3)
    for (int i = 0; i < N; i++)
      out[i] = (long)coef[i % 8] * i;
    long s = 0;
    for (int j = 0; j < 8; j++)
      s += coef[j];
    per_thread[t] = s;
#pragma omp single
    {
      for (int k = 0; k < 16; k++) {
#pragma omp task firstprivate(k)
        task_out[k] = coef[k % 8] + coef[(k + 1) % 8];
      }
    }
    if (t == 0)
      n = omp_get_num_threads();
  }
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += out[i];
  for (int i = 0; i < n; i++)
    sum += per_thread[i];
  for (int k = 0; k < 16; k++)
    sum += task_out[k];
  printf("sum=%ld\n", sum);
  return 0;
}
