// norace_iteration_batches_exact.c -- worksharing loops that the pass checks as batches
// of iterations (pass/IterationBatches.h) from -O1 on must check exactly the bytes and
// the iterations the loop touches.
//
// A three-point stencil (iterations read overlapping elements, write their own); a
// backward loop (negative step); two nowait loops writing the even and the odd elements
// of one array, the second backward (gaps between one loop's bytes, filled by the
// other's in another thread, in parallel); the same with a step known only at run
// time; a pointer read from a shared variable in every iteration; chunked static and
// dynamic schedules (a thread runs several chunks of one loop, each a batch); chars and
// shorts (iterations write neighbouring bytes of one granule). Every byte written is
// written by one iteration and read by none of another. No race, at every -O level and
// thread count. Checking the gaps of the strided loops (a range per iteration as long
// as its step) makes it fail.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#define N 4096
double a[N], b[N], c[N], d[N];
int e[2 * N], f[4 * N];
long g[N], h[N];
char bytes[N];
short shorts[N];
long *shared_ptr = g;
long stride = 4;

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = c[i] = i % 17;
#pragma omp parallel
  {
#pragma omp for
    for (int i = 1; i < N - 1; i++)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
#pragma omp for
    for (int i = 0; i < N; i++)
      d[N - 1 - i] = c[N - 1 - i] * 2;
#pragma omp for nowait
    for (int i = 0; i < N; i++)
      e[2 * i] = i;
#pragma omp for nowait
    for (int i = 0; i < N; i++)
      e[2 * (N - 1 - i) + 1] = -i; /* backward: another thread's half of the evens */
#pragma omp for nowait
    for (int i = 0; i < N; i++)
      f[i * stride] = i;
#pragma omp for
    for (int i = 0; i < N; i++)
      f[(N - 1 - i) * stride + 2] = i;
#pragma omp for
    for (int i = 0; i < N; i++)
      shared_ptr[i] = i;
#pragma omp for schedule(static, 3)
    for (int i = 0; i < N; i++)
      h[i] = g[i] + 1;
#pragma omp for schedule(dynamic, 7)
    for (int i = 0; i < N; i++)
      bytes[i] = (char)h[i];
#pragma omp for schedule(static, 1)
    for (int i = 0; i < N; i++)
      shorts[i] = (short)(bytes[i] + 1);
  }
  double s = 0;
  long t = 0;
  for (int i = 0; i < N; i++) {
    s += b[i] + d[i];
    t += e[2 * i] - e[2 * i + 1] + f[4 * i] + f[4 * i + 2] + h[i] + shorts[i];
  }
  printf("%.1f %ld\n", s, t);
  return 0;
}
