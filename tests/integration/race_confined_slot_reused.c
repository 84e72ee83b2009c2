// race_confined_slot_reused.c -- a local at the stack addresses of a confined slot
// that the task skipped accesses in, once that slot's function has returned.
//
// work()'s `loc` reaches only fill(), which keeps no copy of the pointer, so it is
// confined to the running task (runtime/confined.h) and its accesses are skipped; the
// hooks remember the slot they last skipped an access in, to skip the next ones
// without a lookup. When work() returns, the slot is popped. racer()'s `x`, made at
// the same stack addresses by the same task, is ordinary memory (a task shares it):
// the task's write and its creator's write before the taskwait race, and the
// creator's must be checked, not skipped as an access to the popped slot. Same value
// written: the output does not depend on the order.
//
// EXPECT: race
#include <stdio.h>

#define N 256 /* large enough that the two arrays overlap, whatever else the frames hold */

__attribute__((noinline)) static int fill(int *p) {
  for (int i = 0; i < N; i++)
    p[i] = i;
  return p[N / 2] + p[N / 2 + 1];
}

__attribute__((noinline)) static int work(void) {
  int loc[N];
  return fill(loc);
}

__attribute__((noinline)) static int racer(void) {
  int x[N] = {0};
#pragma omp task shared(x)
  x[N / 2] = 1;
  x[N / 2] = 1;
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_confined_slot_reused.c:[[@LINE-3]]:12 in racer (explicit task created at {{(.*/)?}}race_confined_slot_reused.c:[[@LINE-4]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_confined_slot_reused.c:[[@LINE-3]]:12 in racer (implicit task of omp parallel at {{(.*/)?}}race_confined_slot_reused.c:{{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   location: local 'x' of racer, declared at {{(.*/)?}}race_confined_slot_reused.c:[[@LINE-7]] (offset 512)
  // CHECK-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}race_confined_slot_reused.c:[[@LINE-7]] runs in parallel with what its creator does after creating it: no taskwait, taskgroup or dependence orders them
#pragma omp taskwait
  return x[N / 2];
}

int main(void) {
  int r = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    r += work();
    r += racer();
  }
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("r=%d\n", r);
  return 0;
}
