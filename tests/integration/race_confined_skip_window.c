// race_confined_skip_window.c -- a confined local whose accesses the hooks have just
// skipped, reached again from the iterations of an omp simd loop, where they must be
// checked.
//
// run()'s `v` reaches only shift(), put() and get(), which keep no copy of the
// pointer, so it is confined to the task that runs run() (runtime/confined.h; at -O0
// the pointer goes through the helpers' own stack slots and nothing is confined). Its
// accesses outside the loop are skipped, and once one has been skipped the hooks skip
// the next ones in the same slot without their tests (runtime/skip_window.h) until
// something those tests read changes, here the omp simd loop that the task begins.
// In that loop v[k] = v[k - 1] + 3 races between iterations (the values written
// equal those already there), through the same helpers whose hooks skipped just
// before (without the calls the loop's accesses would be checked in a batch, another
// path). Each thread of the region has its own v.
//
// EXPECT: race
// LEVELS: O0 O1 O2 O3
#include <stdio.h>

#define N 64

__attribute__((noinline)) static void put(int *p, int i, int v) { p[i] = v; }
// CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_confined_skip_window.c:[[@LINE-2]]:{{[0-9]+}} in put (iteration of omp simd at {{(.*/)?}}race_confined_skip_window.c:[[@LINE+9]])
// CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_confined_skip_window.c:[[@LINE+1]]:{{[0-9]+}} in get (iteration of omp simd at {{(.*/)?}}race_confined_skip_window.c:[[@LINE+8]])
__attribute__((noinline)) static int get(const int *p, int i) { return p[i]; }
// CHECK-NEXT: ==ompracer==   location: local 'v' of run, declared at {{(.*/)?}}race_confined_skip_window.c:[[@LINE+12]] (offset {{[0-9]+}})
// CHECK-NEXT: ==ompracer==   why: different iterations of the omp simd at {{(.*/)?}}race_confined_skip_window.c:[[@LINE+5]]: the iterations of one loop are logically parallel, whichever thread runs them

__attribute__((noinline)) static void shift(int *v) {
  for (int k = 0; k < N; k++)
    put(v, k, get(v, k));
#pragma omp simd
  for (int k = 1; k < N; k++)
    put(v, k, get(v, k - 1) + 3);
}

__attribute__((noinline)) static long run(int base) {
  int v[N];
  for (int k = 0; k < N; k++)
    put(v, k, base + 3 * k);
  shift(v);
  long sum = 0;
  for (int k = 0; k < N; k++)
    sum += get(v, k);
  return sum;
}

int main(int argc, char **argv) {
  (void)argv;
  long sum = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum)
  sum += run(argc - 1);
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("sum=%ld\n", sum);
  return 0;
}
