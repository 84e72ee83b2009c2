// teams_distribute_race.c -- the teams' chunks of a distribute loop race.
//
// A host `teams distribute` loop over two teams: each team gets its own chunk of
// the iterations, and the chunks of different teams are logically parallel.
// Every iteration writes the shared `last`: one write/write report between the
// teams' chunks, whatever the thread count. a[i] is written by its own iteration
// only (no race), and a second distribute loop with dist_schedule(static, 4) reads
// only elements of its own iterations (no race, several chunks per team). The
// report names the distribute directive; once iterations are tagged
// (iterations.h) it reads "iteration of omp distribute" instead of the chunk.
// `why:` names the distribute whether the first racing pair lies in one team's
// chunk or in two teams (race_distribute_across_teams.c).
//
// EXPECT: race
// VERDICT: fast
#include <omp.h>
#include <stdio.h>

#define N 64
int a[N];
int last;

__attribute__((noinline)) static void set(int *p, int v) {
  *p = v;
}

int main(void) {
#pragma omp teams distribute num_teams(2)
  for (int i = 0; i < N; i++) {
    a[i] = 2 * i;
    set(&last, i);
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}teams_distribute_race.c:[[@LINE-10]]:{{[0-9]+}} in set ({{(team's chunk|iteration)}} of omp distribute at {{(.*/)?}}teams_distribute_race.c:[[@LINE-6]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}teams_distribute_race.c:[[@LINE-11]]:{{[0-9]+}} in set ({{(team's chunk|iteration)}} of omp distribute at {{(.*/)?}}teams_distribute_race.c:[[@LINE-7]])
  // CHECK-NEXT: ==ompracer==   location: global 'last' of 4 bytes, declared at {{(.*/)?}}teams_distribute_race.c:[[@LINE-15]]
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp distribute at {{(.*/)?}}teams_distribute_race.c:[[@LINE-9]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  long sum = 0;
#pragma omp teams distribute num_teams(2) dist_schedule(static, 4) reduction(+ : sum)
  for (int i = 0; i < N; i++)
    sum += a[i];
  printf("sum=%ld\n", sum);
  return 0;
}
