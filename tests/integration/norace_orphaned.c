// norace_orphaned.c -- orphaned worksharing constructs in functions called from a region.
//
// fill() holds an orphaned `omp for` writing a[i]; its implicit barrier orders
// it before combine()'s orphaned `omp for`, which reads mirrored elements
// written by other chunks; report() holds an orphaned single whose implicit
// barrier orders its write before the threads read it. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

#define N 90
int a[N];
int b[N];
long checksum;
long seen[64];

void fill(void) {
#pragma omp for schedule(guided)
  for (int i = 0; i < N; i++)
    a[i] = i * 2;
}

void combine(void) {
#pragma omp for schedule(static, 4)
  for (int i = 0; i < N; i++)
    b[i] = a[i] + a[N - 1 - i];
}

void report(void) {
#pragma omp single
  {
    long s = 0;
    for (int i = 0; i < N; i++)
      s += b[i];
    checksum = s;
  }
  seen[omp_get_thread_num()] = checksum;
}

int main(void) {
  int n = 0;
#pragma omp parallel
  {
    fill();
    combine();
    report();
#pragma omp master
    n = omp_get_num_threads();
  }
  long ok = 1;
  for (int i = 0; i < n; i++)
    ok = ok && seen[i] == checksum;
  printf("checksum=%ld ok=%ld\n", checksum, ok);
  return 0;
}
