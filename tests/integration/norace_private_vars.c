// norace_private_vars.c -- private, firstprivate, lastprivate, threadprivate and locals.
//
// Variables made private by clauses (private, firstprivate, loop indices,
// lastprivate) or by threadprivate, and locals declared inside the region, are
// per-thread copies: writing them in every thread is no race. The lastprivate
// copy-out writes the original variable once (from the last iteration's chunk).
// No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int tp_counter;
#pragma omp threadprivate(tp_counter)
int results[64];

int main(void) {
  int tmp = 0;
  int base = 10;
  int last = -1;
  int n = 0;
#pragma omp parallel private(tmp) firstprivate(base)
  {
    int t = omp_get_thread_num();
    tmp = t * 2;
    base += tmp;
    tp_counter = base;
    int local[4];
    for (int k = 0; k < 4; k++)
      local[k] = tp_counter + k;
    results[t] = local[3] - tmp;
    if (t == 0)
      n = omp_get_num_threads();
  }
#pragma omp parallel for lastprivate(last) schedule(static, 3)
  for (int i = 0; i < 50; i++)
    last = i * 3;
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += results[i];
  printf("sum=%ld last=%d\n", sum, last);
  return 0;
}
