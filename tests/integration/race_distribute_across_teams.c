// race_distribute_across_teams.c -- two iterations of one distribute loop, each in
// its own team, race: the report's `why:` names the distribute loop.
//
// Two iterations over two teams: the static distribute schedule gives each team
// one, so the only racing pair of writes to `last` lies in different teams, whatever
// the schedule. The two are iterations of the same distribute loop, the most precise
// explanation, and the one given when the pair lies in one team's chunk
// (teams_distribute_race.c): a team's body runs as a one-member region under the
// team's node, which must not hide the loop from the explanation.
//
// EXPECT: race
// VERDICT: fast
#include <stdio.h>

int last;

__attribute__((noinline)) static void set(int *p, int v) {
  *p = v;
}

int main(void) {
#pragma omp teams distribute num_teams(2)
  for (int i = 0; i < 2; i++)
    set(&last, i);
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_distribute_across_teams.c:[[@LINE-8]]:{{[0-9]+}} in set ({{(team's chunk|iteration)}} of omp distribute at {{(.*/)?}}race_distribute_across_teams.c:[[@LINE-4]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_distribute_across_teams.c:[[@LINE-9]]:{{[0-9]+}} in set ({{(team's chunk|iteration)}} of omp distribute at {{(.*/)?}}race_distribute_across_teams.c:[[@LINE-5]])
  // CHECK-NEXT: ==ompracer==   location: global 'last' of 4 bytes, declared at {{(.*/)?}}race_distribute_across_teams.c:[[@LINE-13]]
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp distribute at {{(.*/)?}}race_distribute_across_teams.c:[[@LINE-7]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("last=%d\n", last >= 0);
  return 0;
}
