// race_covered_reads.c -- a read whose slot keeps two reads already is answered by the
// lock-free test alone when they cover it (runtime/hooks.c, plain_recorded), and checked
// in full when they do not.
//
// The accesses go through helpers the compiler may not inline, so each is a sized
// hook's check, made after enough checks without a repeat that the thread's repeat
// filter has paused (while it is on, the hooks ask it instead). Every iteration of the
// omp simd loop reads y at one site: the slot keeps the reads of iterations 0 and 1 and
// covers those of the later iterations (parallel with both). Iteration 1 also reads y
// at a second site: that read is ordered after its own iteration's kept read, so the
// pair does not cover it, and it replaces that read. The last iteration writes y, in
// parallel with both kept reads: two races, one per read site. A lock-free answer of
// "recorded" for the second site's read would leave the first site's read in its place,
// and its race would not be reported.
//
// EXPECT: race
// LEVELS: O0 O1 O2 O3
#include <stdio.h>

#define N 16
#define WARM 20000
int y, sum;

__attribute__((noinline)) void put(int *p, int v) { *p = v; }
// CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_covered_reads.c:[[@LINE-2]]:{{[0-9]+}} in put (iteration of omp simd at {{(.*/)?}}race_covered_reads.c:[[@LINE+18]])
// CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_covered_reads.c:[[@LINE+3]]:{{[0-9]+}} in get (iteration of omp simd at {{(.*/)?}}race_covered_reads.c:[[@LINE+17]])
// CHECK-NEXT: ==ompracer==   location: global 'y' of 4 bytes, declared at {{(.*/)?}}race_covered_reads.c:[[@LINE-6]]
// CHECK-NEXT: ==ompracer==   why: different iterations of the omp simd at {{(.*/)?}}race_covered_reads.c:[[@LINE+15]]: the iterations of one loop are logically parallel, whichever thread runs them
__attribute__((noinline)) int get(const int *p) { return *p; }
// CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_covered_reads.c:[[@LINE-8]]:{{[0-9]+}} in put (iteration of omp simd at {{(.*/)?}}race_covered_reads.c:[[@LINE+12]])
// CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_covered_reads.c:[[@LINE+4]]:{{[0-9]+}} in get_again (iteration of omp simd at {{(.*/)?}}race_covered_reads.c:[[@LINE+11]])
// CHECK-NEXT: ==ompracer==   location: global 'y' of 4 bytes, declared at {{(.*/)?}}race_covered_reads.c:[[@LINE-12]]
// CHECK-NEXT: ==ompracer==   why: different iterations of the omp simd at {{(.*/)?}}race_covered_reads.c:[[@LINE+9]]: the iterations of one loop are logically parallel, whichever thread runs them
// The first read's value as an argument keeps the compiler from calling this first.
__attribute__((noinline)) int get_again(const int *p, int first) { return *p + 0 * first; }

__attribute__((noinline)) static void run_loop(void) {
  static int warm[WARM];
  for (int i = 0; i < WARM; i++) /* no repeats: the repeat filter pauses */
    put(&warm[i], i);
  int s = 0;
#pragma omp simd reduction(+ : s)
  for (int i = 0; i < N; i++) {
    int v = get(&y);
    if (i == 1)
      v += get_again(&y, v);
    if (i == N - 1)
      put(&y, v);
    s += v;
  }
  sum = s;
}

int main(void) {
#pragma omp parallel
#pragma omp single
  run_loop();
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  printf("sum=%d y=%d\n", sum, y);
  return 0;
}
