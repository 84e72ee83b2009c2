// detach_fulfill_norace.c -- what comes before omp_fulfill_event is ordered before
// the detached task's dependents.
//
// A detached task completes when its body has ended and its event is fulfilled; the
// tasks that depend on it wait for that. 1. The detached task fulfils its own event:
// its write of `a` is ordered before the dependent's read. 2. A sibling task writes
// `b` and then fulfils the detached task's event: the write is ordered before the
// dependent's read of `b`, though no depend clause links the sibling to the reader.
// No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int a, b, seen_a, seen_b;

__attribute__((noinline)) static void put(int *p, int v) {
  *p = v;
}

__attribute__((noinline)) static int get(const int *p) {
  return *p;
}

int main(void) {
#pragma omp parallel
#pragma omp single
  {
    omp_event_handle_t own, other;
#pragma omp task detach(own) depend(out : a)
    {
      put(&a, 1);
      omp_fulfill_event(own);
    }
#pragma omp task depend(in : a)
    seen_a = get(&a);
#pragma omp task detach(other) depend(out : b)
    seen_b = 0;
#pragma omp task
    {
      put(&b, 2);
      omp_fulfill_event(other);
    }
#pragma omp task depend(in : b)
    seen_b = get(&b);
  }
  printf("a=%d b=%d\n", seen_a, seen_b);
  return 0;
}
