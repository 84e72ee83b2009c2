// race_thread_stack_reuse.c -- a real race among nested teams whose threads and
// stacks are reused (the counterpart of norace_thread_stack_reuse.c).
//
// As there, each outer thread runs a task over 64 KiB of its stack and yields, then
// forks nested teams one after another; their threads go back to libomp's pool and
// serve the next nested region, possibly another outer thread's. Every nested loop
// writes last[i]: the nested regions of different outer threads are logically
// parallel, so the writes race, whichever threads (and stacks) run them. Leaving
// out libomp's thread ids and forgetting dead locals must not hide this. One
// write/write report; every write stores i, so the output is deterministic.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

#define BUF 65536
#define OUTER 16
int yielded[OUTER], last[8];

__attribute__((noinline)) static void fill(char *b, int n, int v) {
  for (int k = 0; k < n; k++)
    b[k] = (char)(v + k);
}

__attribute__((noinline)) static int deep(int v) {
  char buf[BUF];
  fill(buf, BUF, v);
  return buf[0] + buf[BUF - 1];
}

int main(void) {
  omp_set_max_active_levels(2);
  int outer = omp_get_max_threads() < OUTER ? omp_get_max_threads() : OUTER;
#pragma omp parallel num_threads(outer)
  {
    int o = omp_get_thread_num();
#pragma omp task firstprivate(o)
    yielded[o] = deep(o);
#pragma omp taskyield
    for (int r = 0; r < 4; r++) {
#pragma omp parallel num_threads(2)
#pragma omp for
      for (int i = 0; i < 8; i++)
        last[i] = i;
    }
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_thread_stack_reuse.c:[[@LINE-4]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_thread_stack_reuse.c:[[@LINE-6]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_thread_stack_reuse.c:[[@LINE-5]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_thread_stack_reuse.c:[[@LINE-7]])
  // CHECK-NEXT: ==ompracer==   location: global 'last' of 32 bytes, declared at {{(.*/)?}}race_thread_stack_reuse.c:18{{( \(offset [0-9]+\))?}}
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_thread_stack_reuse.c:34, with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  long sum = 0;
  for (int i = 0; i < 8; i++)
    sum += last[i];
  for (int o = 0; o < outer; o++)
    sum += yielded[o];
  printf("sum=%ld\n", sum);
  return 0;
}
