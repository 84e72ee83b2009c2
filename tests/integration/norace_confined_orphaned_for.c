// norace_confined_orphaned_for.c -- a function's local array, reached through helpers
// from the iterations of an orphaned worksharing loop and a simd loop in it.
//
// orphan() runs in every implicit task of the team; its `loc` is reached only through
// put() and get(), which keep no copy of the pointer, so it is confined to the task
// that runs orphan() (runtime/confined.h). Inside the task's own omp for and omp simd
// its accesses are checked as usual (iterations are strands of their own), outside
// them they are skipped. Each iteration writes its own element: no race. The sums go
// to each thread's own out[] element and are printed by one thread.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

#define N 64

__attribute__((noinline)) static void put(int *p, int i, int v) { p[i] = v; }
__attribute__((noinline)) static int get(const int *p, int i) { return p[i]; }

__attribute__((noinline)) static int orphan(void) {
  int loc[N];
  for (int i = 0; i < N; i++)
    put(loc, i, 0);
#pragma omp for
  for (int i = 0; i < N; i++)
    put(loc, i, i);
#pragma omp simd
  for (int i = 0; i < N; i++)
    put(loc, i, get(loc, i) + 1);
  int s = 0;
  for (int i = 0; i < N; i++)
    s += get(loc, i);
  return s;
}

int main(void) {
  int out[64] = {0};
#pragma omp parallel
  {
    int id = omp_get_thread_num();
    int s = orphan();
    if (id < 64)
      out[id] = s > 0;
  }
  printf("out[0]=%d\n", out[0]);
  return 0;
}
