// race_iterations_far_apart.c -- races between iterations of one chunk that lie
// thousands of iterations apart: one thread runs the whole loop in one strand, and
// only the iterations' tags (runtime/iterations.h) make them parallel. A runtime that
// bounds how far apart one strand's tags may lie (a new segment, a work item, past a
// span: docs/design.md, Performance design, step 3, short tags) must keep finding them.
//
// Every loop has one chunk (schedule(static, 1000000): one thread runs all of it).
// (1) Iteration 0 writes x, iteration 3000 reads it (markers per iteration: the
//     accesses run only in some iterations).
// (2) Iteration i reads t[i + 2000], which iteration i + 2000 writes (a batch of
//     iterations from -O1 on, replayed at the loop's end).
// (3) A fixed read of `scale` in every iteration (a repeated read, which the replay
//     skips once it answered onward) and iteration 2500's write.
//
// EXPECT: race
#include <stdio.h>

#define N 5000
#define D 2000
long t[N + D], u[N];
long x, y, scale = 3;

__attribute__((noinline)) static void use(long v) {
  if (v == 42)
    printf("42\n");
}

int main(void) {
#pragma omp parallel
  {
#pragma omp for schedule(static, 1000000)
    for (int i = 0; i < N; i++) {
      if (i == 0)
        x = 1;
      if (i == 3000)
        use(x);
    }
#pragma omp for schedule(static, 1000000)
    for (int i = 0; i < N; i++)
      t[i] = t[i + D] + 1;
#pragma omp for schedule(static, 1000000)
    for (int i = 0; i < N; i++) {
      u[i] = scale * i;
      if (i == 2500)
        scale = 4;
    }
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_iterations_far_apart.c:34:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_iterations_far_apart.c:31)
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_iterations_far_apart.c:36:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_iterations_far_apart.c:31)
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 8 bytes, declared at {{(.*/)?}}race_iterations_far_apart.c:21
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}race_iterations_far_apart.c:31: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_iterations_far_apart.c:40:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_iterations_far_apart.c:38)
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_iterations_far_apart.c:40:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_iterations_far_apart.c:38)
  // CHECK-NEXT: ==ompracer==   location: global 't' of 56000 bytes, declared at {{(.*/)?}}race_iterations_far_apart.c:20 (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}race_iterations_far_apart.c:38: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_iterations_far_apart.c:{{43|45}}:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_iterations_far_apart.c:41)
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_iterations_far_apart.c:{{43|45}}:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_iterations_far_apart.c:41)
  // CHECK-NEXT: ==ompracer==   location: global 'scale' of 8 bytes, declared at {{(.*/)?}}race_iterations_far_apart.c:21
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}race_iterations_far_apart.c:41: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 3 data race(s) reported
  printf("%ld %ld %ld\n", t[0] > 0 ? 1L : 0L, u[1] > 0 ? 1L : 0L, x); /* values racy: only signs */
  return 0;
}
