// teams_norace_team_num.c -- teams that share nothing but what orders them.
//
// A host teams region with two teams. Each team writes only its own cell
// (indexed by omp_get_team_num()), runs a parallel region in which every thread
// writes its own cell of the team's row, adds to a shared counter with atomic
// updates only, and contributes to a teams reduction. After the teams region the
// initial task reads everything: it is in series with the whole league. A second
// teams region then reads the first one's results (in series with it too) and
// writes its own cells again. No race.
//
// MODES: fast precise
// EXPECT: norace
// VERDICT: fast
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

#define MAXT 64
int own[2];
int row[2][MAXT];
int threads[2];
int hits;
int again[2];

int main(void) {
  long sum = 0;
#pragma omp teams num_teams(2) reduction(+ : sum)
  {
    int t = omp_get_team_num();
    own[t] = 10 * (t + 1);
#pragma omp parallel
    {
      int i = omp_get_thread_num();
      if (i < MAXT)
        row[t][i] = t + i;
      if (i == 0)
        threads[t] = omp_get_num_threads();
#pragma omp atomic
      hits++;
    }
    sum += own[t];
  }
  int total = own[0] + own[1];
#pragma omp teams num_teams(2)
  {
    int t = omp_get_team_num();
    again[t] = own[t] + row[t][0];
  }
  printf("own=%d sum=%ld again=%d,%d rows_ok=%d\n", total, sum, again[0], again[1],
         hits == threads[0] + threads[1]);
  return 0;
}
