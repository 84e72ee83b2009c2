// race_explain.c -- option explain (on by default): each report says why nothing orders
// the accesses.
//
// Three races, each of another kind: two iterations of one omp for write `a`; every
// thread's implicit task writes `b` with no barrier between; a task writes `c` while
// its creator, after creating it, writes `c` too.
//
// EXPECT: race
#include <stdio.h>

int a, b, c;

int main(void) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < 100; i++)
      a = i;
    b = 1;
#pragma omp single
    {
#pragma omp task
      c = 1;
      c = 2;
#pragma omp taskwait
    }
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain.c:[[@LINE-11]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_explain.c:[[@LINE-13]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain.c:[[@LINE-12]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_explain.c:[[@LINE-14]])
  // CHECK-NEXT: ==ompracer==   location: global 'a' of 4 bytes, declared at {{(.*/)?}}race_explain.c:11
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}race_explain.c:[[@LINE-16]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain.c:[[@LINE-15]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_explain.c:[[@LINE-20]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain.c:[[@LINE-16]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_explain.c:[[@LINE-21]])
  // CHECK-NEXT: ==ompracer==   location: global 'b' of 4 bytes, declared at {{(.*/)?}}race_explain.c:11
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_explain.c:[[@LINE-23]], with no barrier between them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain.c:[[@LINE-16]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_explain.c:[[@LINE-17]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain.c:[[@LINE-16]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_explain.c:[[@LINE-26]])
  // CHECK-NEXT: ==ompracer==   location: global 'c' of 4 bytes, declared at {{(.*/)?}}race_explain.c:11
  // CHECK-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}race_explain.c:[[@LINE-20]] runs in parallel with what its creator does after creating it: no taskwait, taskgroup or dependence orders them
  // CHECK: ==ompracer== SUMMARY: 3 data race(s) reported
  printf("done\n");
  return 0;
}
