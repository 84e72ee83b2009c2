// race_confined_longjmp.c -- longjmp out of functions whose locals are confined to
// their task, then a race on a local at the same stack addresses.
//
// work()'s `loc` reaches only deep(), which keeps no copy of the pointer, so it is
// confined to the running task (runtime/confined.h) and would be popped when work()
// returns. deep() longjmps out instead, 300 times (more than the 128 live confined
// slots a thread keeps): the dead slots stay on the thread's stack until something
// is made over them. Then racer()'s `x`, which a parallel region reaches (ordinary
// memory, at addresses work()'s frames used), is written by both threads: the race
// must be reported, whatever dead slots lie there. Same value written: the output does
// not depend on the order.
//
// EXPECT: race
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;

__attribute__((noinline)) static void deep(int *p, int d) {
  p[d % 4] += d;
  if (d == 0)
    longjmp(env, 1);
  deep(p, d - 1);
}

__attribute__((noinline)) static int work(int d) {
  int loc[4] = {0, 0, 0, 0};
  deep(loc, d);
  return loc[0];
}

__attribute__((noinline)) static int racer(void) {
  int pad[64];
  int x = 0;
  for (int i = 0; i < 64; i++)
    pad[i] = i;
#pragma omp parallel num_threads(2) shared(x, pad)
  x = pad[5];
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_confined_longjmp.c:[[@LINE-2]]:{{[0-9]+}} in racer (implicit task of omp parallel at {{(.*/)?}}race_confined_longjmp.c:[[@LINE-3]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_confined_longjmp.c:[[@LINE-3]]:{{[0-9]+}} in racer (implicit task of omp parallel at {{(.*/)?}}race_confined_longjmp.c:[[@LINE-4]])
  // CHECK-NEXT: ==ompracer==   location: local 'x' of racer, declared at {{(.*/)?}}race_confined_longjmp.c:[[@LINE-8]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_confined_longjmp.c:[[@LINE-6]], with no barrier between them
  return x;
}

int main(void) {
  volatile int rounds = 0;
  for (int i = 0; i < 300; i++)
    if (setjmp(env) == 0)
      work(i % 7);
    else
      rounds++;
  int x = racer();
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("rounds=%d x=%d\n", rounds, x);
  return 0;
}
