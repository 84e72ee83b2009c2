// race_explain_lastprivate.c -- a lastprivate copy-out races with the loop's reads.
//
// The loop makes `x` lastprivate, but every iteration also reads the shared `x`
// through a pointer. The thread that runs the last iteration copies its private `x`
// out after the loop, before the loop's barrier (the report gives the copy the
// directive's line): a write parallel with the other threads' reads. The copy is
// code of the implicit task, not of the loop: clang emits it after
// __kmpc_for_static_fini, which ends the loop for OMPT. So the why line names the
// threads' implicit tasks, not "different chunks of the omp for" (no program shape
// we know puts an access in a chunk outside its iterations; that sentence is covered
// by tests/unit/test_workshare.c). The reads in the last thread's own chunk precede
// its copy: the other threads' reads race with it, at any thread count of 2 or more.
// Nor is a nowait named (the loop has none, and a thread past the loop's end may still
// be before its barrier: race_explain_nowait.c). The racy values are not printed.
//
// EXPECT: race
#include <stdio.h>

#define N 100
int x;
int seen[N];

int main(void) {
  int *p = &x;
#pragma omp parallel
  {
#pragma omp for lastprivate(x)
    for (int i = 0; i < N; i++) {
      x = i;
      seen[i] = *p;
    }
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_lastprivate.c:[[@LINE-7]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_explain_lastprivate.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_explain_lastprivate.c:[[@LINE-5]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_explain_lastprivate.c:[[@LINE-8]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}race_explain_lastprivate.c:[[@LINE-16]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_explain_lastprivate.c:[[@LINE-12]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("done\n");
  return 0;
}
