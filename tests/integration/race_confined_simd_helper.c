// race_confined_simd_helper.c -- an omp simd loop in a helper over its caller's local
// array, with a dependence of distance 1 (race_simd_local_array.c's shape, one call
// down).
//
// run()'s `v` reaches only prefix() and total(), which keep no copy of the pointer, so
// it is confined to the task that runs run() (runtime/confined.h): that task's
// accesses to it are skipped while it runs its strands in series. The iterations of
// prefix()'s omp simd loop are not in series (simd lanes run at once): there the
// accesses must be checked, and v[k] = v[k - 1] + 1 races between iterations. The
// values written equal the values already there, so the output does not depend on
// the lanes' order. run() runs in a parallel region, where detection is on from its
// entry (outside any, it may start only later, and then nothing is confined).
//
// EXPECT: race
// LEVELS: O0 O1 O2 O3
#include <stdio.h>

#define N 96

__attribute__((noinline)) static void prefix(int *v) {
#pragma omp simd
  for (int k = 1; k < N; k++)
    v[k] = v[k - 1] + 3;
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_confined_simd_helper.c:[[@LINE-2]]:10 in prefix (iteration of omp simd at {{(.*/)?}}race_confined_simd_helper.c:[[@LINE-4]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_confined_simd_helper.c:[[@LINE-3]]:12 in prefix (iteration of omp simd at {{(.*/)?}}race_confined_simd_helper.c:[[@LINE-5]])
  // CHECK-NEXT: ==ompracer==   location: local 'v' of run, declared at {{(.*/)?}}race_confined_simd_helper.c:[[@LINE+12]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp simd at {{(.*/)?}}race_confined_simd_helper.c:[[@LINE-7]]: the iterations of one loop are logically parallel, whichever thread runs them
}

__attribute__((noinline)) static long total(const int *v) {
  long sum = 0;
  for (int k = 0; k < N; k++)
    sum += v[k];
  return sum;
}

__attribute__((noinline)) static long run(int base) {
  int v[N];
  for (int k = 0; k < N; k++)
    v[k] = base + 3 * k;
  prefix(v);
  return total(v);
}

int main(int argc, char **argv) {
  (void)argv;
  long sum = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  sum = run(argc - 1);
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("sum=%ld\n", sum);
  return 0;
}
