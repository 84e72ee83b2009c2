// target_map_norace.c -- map clauses on host-executed target regions add no races.
//
// Without an offload device a target region runs on the encountering thread and
// its map clauses copy nothing: the region is in series with the task that
// encounters it. Each thread of a parallel region runs a target region that
// writes its own slot (mapped tofrom, from an array section); a target data
// region with a target update and an enclosed target teams region; unstructured
// enter/exit data around a target region. Nothing conflicts in parallel: no race.
//
// MODES: fast precise
// EXPECT: norace
// VERDICT: fast
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

#define N 128
#define MAXT 64
int slot[MAXT];
int vec[N];
int acc[N];

int main(void) {
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    if (t < MAXT) {
#pragma omp target map(tofrom : slot[t : 1])
      slot[t] = t + 1;
    }
  }
  for (int i = 0; i < N; i++)
    vec[i] = i;
#pragma omp target data map(tofrom : vec) map(alloc : acc)
  {
#pragma omp target teams distribute parallel for num_teams(2)
    for (int i = 0; i < N; i++)
      acc[i] = vec[i] * 2;
#pragma omp target teams distribute num_teams(2)
    for (int i = 0; i < N; i++)
      vec[i] = acc[i] + 1;
#pragma omp target update from(vec)
  }
#pragma omp target enter data map(to : acc)
#pragma omp target map(tofrom : acc)
  for (int i = 0; i < N; i++)
    acc[i] += vec[i];
#pragma omp target exit data map(from : acc)
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += acc[i];
  printf("slot0=%d sum=%ld\n", slot[0], sum);
  return 0;
}
