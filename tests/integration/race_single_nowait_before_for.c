// race_single_nowait_before_for.c -- a single nowait writes what an iteration of the
// omp for after it reads.
//
// Iteration 0 of the static loop is thread 0's. When thread 0 runs the single, the
// tree orders the write before the read (one thread, in program order); when another
// thread runs it, nothing does (the nowait removed the single's barrier). Which
// thread runs a single is unspecified, so it is one write/read race in every run.
//
// EXPECT: race
#include <stdio.h>

int seed;
int out[32];

int main(void) {
#pragma omp parallel
  {
#pragma omp single nowait
    seed = 7;
#pragma omp for schedule(static)
    for (int i = 0; i < 32; i++)
      out[i] = i == 0 ? seed : i;
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_single_nowait_before_for.c:[[@LINE-6]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_single_nowait_before_for.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_single_nowait_before_for.c:[[@LINE-4]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_single_nowait_before_for.c:[[@LINE-6]])
  // CHECK-NEXT: ==ompracer==   location: global 'seed' of 4 bytes, declared at {{(.*/)?}}race_single_nowait_before_for.c:[[@LINE-15]]
  // CHECK-NEXT: ==ompracer==   why: {{(which thread runs the omp single at .*race_single_nowait_before_for.c:18 is unspecified, and no barrier separates it from the omp for at .*race_single_nowait_before_for.c:20 \(a nowait\): this run had one thread run both, but another thread of the team may run the single while this one runs the omp for|the nowait at .*race_single_nowait_before_for.c:18 removes the barrier at the end of the omp single: one access is in that omp single, the other after it, in another thread's implicit task of the omp parallel at .*race_single_nowait_before_for.c:16)$}}
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("%s\n", out[0] == 0 || out[0] == 7 ? "done" : "odd"); /* 0 or 7: the race decides */
  return 0;
}
