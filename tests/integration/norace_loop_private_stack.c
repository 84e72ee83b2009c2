// norace_loop_private_stack.c -- a worksharing loop's accesses to its own stack through
// a call: each iteration's local, whose address escapes (so it is no confined slot),
// is updated by a function the loop calls. The iterations of one thread reuse the
// local's address, and iterations are logically parallel, but a task's own stack
// inside a worksharing loop belongs to the thread that runs the iteration: those
// accesses are not checked (runtime/hooks.c, in_private_stack). The shared array is
// written once per element. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#define N 4096
long out[N];
static __thread long *volatile last_local; // the local's address escapes

__attribute__((noinline)) static void bump(long *p, long by) {
  *p = *p * 3 + by;
  *p += 1;
}

int main(void) {
#pragma omp parallel for schedule(static, 16)
  for (int i = 0; i < N; i++) {
    long local = i;
    last_local = &local;
    bump(&local, i);
    bump(&out[i], local);
  }
  long s = 0;
  for (int i = 0; i < N; i++)
    s += out[i];
  printf("%ld\n", s);
  return 0;
}
