// teams_assumed_norace.c -- teams regions that libomp runs as one team, checked as if
// the league had more teams, with nothing that races between teams.
//
// 1. A distribute loop whose iteration i reads and writes only c[i]: an iteration
//    runs in one team. 2. The same with distribute parallel for. 3. A variable
//    declared in the teams region lives on each team's own stack. 4. A teams
//    reduction: each team adds to its private copy, the combining step is atomic.
// 5. Atomic updates of a shared counter. 6. num_teams(1): one team by the program's
//    choice, whose critical sections exclude each other. 7. A heap block each team
//    allocates for itself. No race.
//
// EXPECT: norace
// MODES: precise
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64
int c[N], d[N], e[N];
long total, counter, guarded;

int main(void) {
#pragma omp teams
#pragma omp distribute
  for (int i = 0; i < N; i++)
    c[i] = c[i] + i;
#pragma omp teams distribute parallel for
  for (int i = 0; i < N; i++)
    d[i] += c[i];
#pragma omp teams
  {
    int local = 0;
#pragma omp parallel
    {
#pragma omp atomic
      local++;
    }
    (void)local;
  }
#pragma omp teams distribute reduction(+ : total)
  for (int i = 0; i < N; i++)
    total += d[i];
#pragma omp teams distribute
  for (int i = 0; i < N; i++) {
#pragma omp atomic
    counter += i;
  }
#pragma omp teams num_teams(1)
#pragma omp distribute parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical
    guarded += i;
  }
#pragma omp teams
  {
    int *scratch = malloc(N * sizeof *scratch);
    for (int i = 0; i < N; i++)
      scratch[i] = 2 * i;
#pragma omp distribute
    for (int i = 0; i < N; i++)
      e[i] = scratch[i];
    free(scratch);
  }
  printf("%ld %ld %ld %d %d\n", total, counter, guarded, c[N - 1], e[N - 1]);
  return 0;
}
