// target_nowait_norace.c -- deferred target tasks ordered by dependences and taskwait.
//
// Target tasks (`target nowait`) are deferred tasks: dependences order them with
// each other and with host tasks, and taskwait joins them. Below: a chain of two
// target tasks through depend(out/in: x); four target tasks that write disjoint
// slices; a host task that depends on a target task's output; a target region
// without nowait but with a depend clause (it waits for its predecessor, then runs
// undeferred); unstructured data mapping with nowait. Every conflicting pair is
// ordered: no race. The scalars the target regions read are mapped: an unmapped
// scalar is firstprivate, and its value is captured when the target task is
// generated, before its dependences are met (that would race with the writer).
//
// MODES: fast precise
// EXPECT: norace
// VERDICT: fast
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

#define N 64
int x, y, z, w;
int slice[4][N];
int data[N];

int main(void) {
#pragma omp target nowait depend(out : x) map(from : x)
  x = 5;
#pragma omp target nowait depend(in : x) depend(out : y) map(to : x) map(from : y)
  y = x + 1;
#pragma omp task depend(in : y) depend(out : z)
  z = y * 2;
  for (int s = 0; s < 4; s++) {
#pragma omp target nowait map(from : slice[s][0 : N]) firstprivate(s)
    for (int i = 0; i < N; i++)
      slice[s][i] = s + i;
  }
#pragma omp target depend(in : z) map(to : z) map(tofrom : w)
  w = z + 1;
#pragma omp taskwait
  for (int i = 0; i < N; i++)
    data[i] = i;
#pragma omp target enter data map(to : data) nowait
#pragma omp taskwait
#pragma omp target teams distribute num_teams(2) map(tofrom : data)
  for (int i = 0; i < N; i++)
    data[i] += 1;
#pragma omp target exit data map(from : data) nowait
#pragma omp taskwait
  long sum = 0;
  for (int s = 0; s < 4; s++)
    for (int i = 0; i < N; i++)
      sum += slice[s][i];
  for (int i = 0; i < N; i++)
    sum += data[i];
  printf("x=%d y=%d z=%d w=%d sum=%ld\n", x, y, z, w, sum);
  return 0;
}
