// race_iteration_batches.c -- races inside and between worksharing loops that the pass
// checks as batches of iterations (pass/IterationBatches.h) from -O1 on, and with a hook
// per access at -O0: the same reports either way, at every thread count.
//
// (1) Each iteration reads s[i] and writes s[i + 1]: iteration i's write and iteration
//     i + 1's read of one element race, on whichever threads they run (the iterations
//     of one loop are logically parallel).
// (2) Every iteration writes the loop-invariant `last`: write/write.
// (3) Two nowait loops: the first writes p[i], the second reads p[N - 1 - i]: an
//     iteration of each touches one element.
//
// EXPECT: race
#include <stdio.h>

#define N 1000
long s[N + 1], v[N], p[N], q[N];
long last;

int main(void) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < N; i++)
      s[i + 1] = s[i] + 1;
#pragma omp for
    for (int i = 0; i < N; i++)
      last = v[i];
#pragma omp for nowait
    for (int i = 0; i < N; i++)
      p[i] = i;
#pragma omp for nowait
    for (int i = 0; i < N; i++)
      q[i] = p[N - 1 - i];
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_iteration_batches.c:24:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_iteration_batches.c:22)
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_iteration_batches.c:24:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_iteration_batches.c:22)
  // CHECK-NEXT: ==ompracer==   location: global 's' of 8008 bytes, declared at {{(.*/)?}}race_iteration_batches.c:16 (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}race_iteration_batches.c:22: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_iteration_batches.c:27:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_iteration_batches.c:25)
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_iteration_batches.c:27:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_iteration_batches.c:25)
  // CHECK-NEXT: ==ompracer==   location: global 'last' of 8 bytes, declared at {{(.*/)?}}race_iteration_batches.c:17
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}race_iteration_batches.c:25: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_iteration_batches.c:{{30|33}}:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_iteration_batches.c:{{28|31}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_iteration_batches.c:{{30|33}}:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_iteration_batches.c:{{28|31}})
  // CHECK-NEXT: ==ompracer==   location: global 'p' of 8000 bytes, declared at {{(.*/)?}}race_iteration_batches.c:16 (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: the nowait at {{(.*/)?}}race_iteration_batches.c:28 removes the barrier at the end of the omp for: one access is in that omp for, the other after it, in another thread's implicit task of the omp parallel at {{(.*/)?}}race_iteration_batches.c:20
  // CHECK: ==ompracer== SUMMARY: 3 data race(s) reported
  printf("done\n"); /* the values depend on the races */
  return 0;
}
