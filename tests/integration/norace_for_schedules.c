// norace_for_schedules.c -- worksharing loops of every schedule, each iteration on its own data.
//
// One parallel region runs loops with schedule static, static,1, static,7,
// dynamic, dynamic,5, guided, guided,3, runtime and auto. Each iteration writes
// only its own element; each loop reads the previous loop's array, including
// elements written by other chunks, but the implicit barrier at the end of
// every loop orders those accesses. No race at any thread count.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

#define N 257
int a[N], b[N], c[N], d[N], e[N], f[N], g[N], h[N], k[N], m[N];

int main(void) {
#pragma omp parallel
  {
#pragma omp for schedule(static)
    for (int i = 0; i < N; i++)
      a[i] = i;
#pragma omp for schedule(static, 1)
    for (int i = 0; i < N; i++)
      b[i] = a[N - 1 - i] + 1;
#pragma omp for schedule(static, 7)
    for (int i = 0; i < N; i++)
      c[i] = b[(i + 1) % N] + 1;
#pragma omp for schedule(dynamic)
    for (int i = 0; i < N; i++)
      d[i] = c[(i + 13) % N] + 1;
#pragma omp for schedule(dynamic, 5)
    for (int i = 0; i < N; i++)
      e[i] = d[N - 1 - i] + 1;
#pragma omp for schedule(guided)
    for (int i = 0; i < N; i++)
      f[i] = e[(i + 100) % N] + 1;
#pragma omp for schedule(guided, 3)
    for (int i = 0; i < N; i++)
      g[i] = f[(i * 5) % N] + 1;
#pragma omp for schedule(runtime)
    for (int i = 0; i < N; i++)
      h[i] = g[(i + 7) % N] + 1;
#pragma omp for schedule(auto)
    for (int i = 0; i < N; i++)
      k[i] = h[N - 1 - i] + 1;
  }
#pragma omp parallel for schedule(dynamic, 2)
  for (int i = 0; i < N; i++)
    m[i] = k[i] + a[i];
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += m[i];
  printf("sum=%ld\n", sum);
  return 0;
}
