// target_teams_distribute_parallel_for_norace.c -- combined target loops that do not race.
//
// Host-executed target regions (no offload target): each loop below runs as a
// league of two teams, each team's distribute chunk in a parallel for. Every
// iteration writes only its own element; the second loop reads the first loop's
// results (the first target region is over: in series) and a reduction combines
// into `sum`. Map clauses (to, from, tofrom, alloc) copy nothing on the host and
// must add no accesses of their own. A `target teams loop` and a `target parallel
// for` follow. No race.
//
// MODES: fast precise
// EXPECT: norace
// VERDICT: fast
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

#define N 256
int in[N], mid[N], out[N];
int tmp[N];

int main(void) {
  for (int i = 0; i < N; i++)
    in[i] = i;
#pragma omp target teams distribute parallel for num_teams(2) map(to : in) map(from : mid)
  for (int i = 0; i < N; i++)
    mid[i] = 3 * in[i];
  long sum = 0;
#pragma omp target teams distribute parallel for num_teams(2) map(to : mid) map(alloc : tmp) \
    map(tofrom : sum) reduction(+ : sum)
  for (int i = 0; i < N; i++) {
    tmp[i] = mid[i] + 1;
    sum += tmp[i];
  }
#pragma omp target teams loop num_teams(2) map(to : mid) map(from : out)
  for (int i = 0; i < N; i++)
    out[i] = mid[i] - in[i];
#pragma omp target parallel for map(tofrom : out)
  for (int i = 0; i < N; i++)
    out[i] += 1;
  long check = 0;
  for (int i = 0; i < N; i++)
    check += out[i];
  printf("sum=%ld check=%ld\n", sum, check);
  return 0;
}
