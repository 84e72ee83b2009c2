// race_batch_by_access.c -- iteration batches replayed access by access (runtime/hooks.c,
// batch_run_ops): a stencil's three reads of one array, which the replay takes out of
// the loop's order among themselves, must still meet the writes they race with, and the
// reads and writes of one loop that it keeps in order must not race with each other.
//
// (0) The arrays are filled in a worksharing loop (a serial loop would leave the initial
//     thread holding records of its ranges, which keep its batches off the lane), and
//     long enough for each thread's repeat filter to pause (it skips nothing here), as
//     the lane needs.
// (1) A nowait stencil loop reads a[i - 1], a[i], a[i + 1] and writes b[i]; the next
//     loop writes every a[i], from the other end. With the nowait, an iteration of the
//     second loop in one implicit task runs in parallel with the iterations of the first
//     in another that read its element: write/read on a.
//     b is written once per element, and c, read three times per iteration like a, is
//     written by no one: neither races. The three reads come from one macro, so they
//     share its line and column, and every pair of a read and a write is one report
//     (with three sites, which of them the history keeps depends on the schedule).
// (2) After a barrier, a loop copies b into a while another array d is read in the
//     same iterations: each element is touched by one iteration alone, no race.
// (3) A loop where every iteration writes e[i] and reads e[i + 1], so a write and a read
//     of one element are in different iterations: the replay keeps the loop's order
//     (its accesses meet), and the pair races as in race_iteration_batches.c.
//
// EXPECT: race
#include <stdio.h>

#define N 65536
#define STENCIL(x, i) (x[(i) - 1] + x[i] + x[(i) + 1])
double a[N], b[N], c[N], d[N], e[N + 1];

int main(void) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < N; i++)
      a[i] = c[i] = d[i] = i;
#pragma omp for nowait
    for (int i = 1; i < N - 1; i++)
      b[i] = STENCIL(a, i) / 3 + STENCIL(c, i);
#pragma omp for
    for (int i = 0; i < N; i++)
      a[N - 1 - i] = 2 * i;
#pragma omp for
    for (int i = 1; i < N - 1; i++)
      a[i] = b[i] + d[i];
#pragma omp for
    for (int i = 0; i < N; i++)
      e[i] = e[i + 1] + 1;
  }
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_batch_by_access.c:{{39|42}}:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_batch_by_access.c:{{37|40}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_batch_by_access.c:{{39|42}}:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_batch_by_access.c:{{37|40}})
  // CHECK-NEXT: ==ompracer==   location: global 'a' of 524288 bytes, declared at {{(.*/)?}}race_batch_by_access.c:29 (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: the nowait at {{(.*/)?}}race_batch_by_access.c:37 removes the barrier at the end of the omp for: one access is in that omp for, the other after it, in another thread's implicit task of the omp parallel at {{(.*/)?}}race_batch_by_access.c:32
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_batch_by_access.c:48:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_batch_by_access.c:46)
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_batch_by_access.c:48:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_batch_by_access.c:46)
  // CHECK-NEXT: ==ompracer==   location: global 'e' of 524296 bytes, declared at {{(.*/)?}}race_batch_by_access.c:29 (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}race_batch_by_access.c:46: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  printf("done\n"); /* the values depend on the races */
  return 0;
}
