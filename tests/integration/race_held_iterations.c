// race_held_iterations.c -- the same access (strand and site) made again in another
// iteration of an omp simd loop is not the access its slot holds: the hooks' held test
// (runtime/history_access.h, aligned_access_held) must compare the iteration too, and a
// write's site.
//
// The loops' accesses go through helpers the compiler may not inline, so each is a
// sized hook's check (without the calls the loops would be checked in batches, another
// path), made after enough checks without a repeat that the thread's repeat filter
// has paused (while it is on, the hooks ask it instead of the held test). Every
// iteration of the first loop writes x at one site: a write/write race between
// iterations. Every iteration of the second reads y at one site, and its first also
// writes y: the second iteration's read, whose slot holds the first iteration's read of
// the same site, races with that write. A held test that compared the strand and site
// alone would answer both repeats "held" and report neither race. The first iteration
// of the third loop writes z at two sites, its last reads z: the report names the
// second write, which a held test that did not compare a write's site would have left
// unrecorded (the report would name the first).
//
// EXPECT: race
// LEVELS: O0 O1 O2 O3
#include <stdio.h>

#define N 16
#define WARM 20000
int x, y, z, last;

__attribute__((noinline)) void put(int *p, int v) { *p = v; }
// CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_held_iterations.c:[[@LINE-2]]:{{[0-9]+}} in put (iteration of omp simd at {{(.*/)?}}race_held_iterations.c:[[@LINE+22]])
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_held_iterations.c:[[@LINE-3]]:{{[0-9]+}} in put (iteration of omp simd at {{(.*/)?}}race_held_iterations.c:[[@LINE+21]])
// CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}race_held_iterations.c:[[@LINE-6]]
// CHECK-NEXT: ==ompracer==   why: different iterations of the omp simd at {{(.*/)?}}race_held_iterations.c:[[@LINE+19]]: the iterations of one loop are logically parallel, whichever thread runs them
// CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_held_iterations.c:[[@LINE-7]]:{{[0-9]+}} in put (iteration of omp simd at {{(.*/)?}}race_held_iterations.c:[[@LINE+20]])
// CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_held_iterations.c:[[@LINE+3]]:{{[0-9]+}} in get (iteration of omp simd at {{(.*/)?}}race_held_iterations.c:[[@LINE+19]])
// CHECK-NEXT: ==ompracer==   location: global 'y' of 4 bytes, declared at {{(.*/)?}}race_held_iterations.c:[[@LINE-11]]
// CHECK-NEXT: ==ompracer==   why: different iterations of the omp simd at {{(.*/)?}}race_held_iterations.c:[[@LINE+17]]: the iterations of one loop are logically parallel, whichever thread runs them
__attribute__((noinline)) int get(const int *p) { return *p; }
__attribute__((noinline)) void put_twice(int *p, int v) {
  put(p, v);
  *p = v + 1;
  // CHECK: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_held_iterations.c:[[@LINE-5]]:{{[0-9]+}} in get (iteration of omp simd at {{(.*/)?}}race_held_iterations.c:[[@LINE+18]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_held_iterations.c:[[@LINE-3]]:{{[0-9]+}} in put_twice (iteration of omp simd at {{(.*/)?}}race_held_iterations.c:[[@LINE+17]])
  // CHECK-NEXT: ==ompracer==   location: global 'z' of 4 bytes, declared at {{(.*/)?}}race_held_iterations.c:[[@LINE-20]]
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp simd at {{(.*/)?}}race_held_iterations.c:[[@LINE+15]]: the iterations of one loop are logically parallel, whichever thread runs them
}

__attribute__((noinline)) static void run_loops(int *total) {
  int sum = 0;
#pragma omp simd
  for (int i = 0; i < N; i++)
    put(&x, i);
#pragma omp simd reduction(+ : sum)
  for (int i = 0; i < N; i++) {
    int v = get(&y);
    if (i == 0)
      put(&y, v + 1);
    sum += v;
  }
#pragma omp simd
  for (int i = 0; i < N; i++) {
    if (i == 0)
      put_twice(&z, i);
    if (i == N - 1)
      last = get(&z);
  }
  *total = sum;
}

int main(void) {
  static int warm[WARM];
  int sum = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    for (int i = 0; i < WARM; i++) /* no repeats: the repeat filter pauses */
      put(&warm[i], i);
    run_loops(&sum);
  }
  // CHECK: ==ompracer== SUMMARY: 3 data race(s) reported
  printf("x=%d y=%d z=%d last=%d sum=%d\n", x, y, z, last, sum);
  return 0;
}
