// race_confined_local_parallel.c -- a local that helpers reach through a pointer and
// that a parallel region also reaches.
//
// run() fills its `loc` through fill() and reads it back through sum(): calls that
// keep no copy of the pointer, which alone would leave `loc` confined to the task that
// runs run() (runtime/confined.h). team_write() also passes it to a parallel region
// whose two threads write loc[3]: the address reaches another task, so `loc` is
// ordinary memory and the race is reported. The value written is the same, so the
// output does not depend on the order.
//
// EXPECT: race
#include <stdio.h>

#define N 8

__attribute__((noinline)) static void fill(int *p) {
  for (int i = 0; i < N; i++)
    p[i] = i;
}

__attribute__((noinline)) static int sum(const int *p) {
  int s = 0;
  for (int i = 0; i < N; i++)
    s += p[i];
  return s;
}

__attribute__((noinline)) static void team_write(int *p) {
#pragma omp parallel num_threads(2)
  p[3] = 7;
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_confined_local_parallel.c:[[@LINE-2]]:{{[0-9]+}} in team_write (implicit task of omp parallel at {{(.*/)?}}race_confined_local_parallel.c:[[@LINE-3]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_confined_local_parallel.c:[[@LINE-3]]:{{[0-9]+}} in team_write (implicit task of omp parallel at {{(.*/)?}}race_confined_local_parallel.c:[[@LINE-4]])
  // CHECK-NEXT: ==ompracer==   location: local 'loc' of run, declared at {{(.*/)?}}race_confined_local_parallel.c:[[@LINE+5]] (offset 12)
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_confined_local_parallel.c:[[@LINE-6]], with no barrier between them
}

__attribute__((noinline)) static int run(void) {
  int loc[N];
  fill(loc);
  team_write(loc);
  return sum(loc);
}

int main(void) {
  int s = run();
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("sum=%d\n", s);
  return 0;
}
