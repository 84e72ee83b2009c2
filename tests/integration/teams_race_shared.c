// teams_race_shared.c -- the teams of a league race on a shared variable.
//
// A host teams region (no target) with two teams: libomp runs each team's initial
// task on its own thread, and OpenMP orders nothing between the teams of a league,
// so they are logically parallel whatever the thread count. Every team adds its
// number to `total` through a helper: one read/write and one write/write report,
// both between the two teams. After the teams region the initial task reads
// `total` and each team's own cell: in series with the league, no report.
//
// MODES: fast precise
// EXPECT: race
// VERDICT: fast
#include <omp.h>
#include <stdio.h>

int total;
int mine[2];

__attribute__((noinline)) static void add(int *p, int v) {
  *p += v;
}

int main(void) {
#pragma omp teams num_teams(2)
  {
    int t = omp_get_team_num();
    mine[t] = t + 1;
    add(&total, t + 1);
  }
  // CHECK: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}teams_race_shared.c:[[@LINE-11]]:{{[0-9]+}} in add (team of omp teams at {{(.*/)?}}teams_race_shared.c:[[@LINE-7]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}teams_race_shared.c:[[@LINE-12]]:{{[0-9]+}} in add (team of omp teams at {{(.*/)?}}teams_race_shared.c:[[@LINE-8]])
  // CHECK-NEXT: ==ompracer==   location: global 'total' of 4 bytes, declared at {{(.*/)?}}teams_race_shared.c:[[@LINE-17]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different teams of the omp teams at {{(.*/)?}}teams_race_shared.c:[[@LINE-10]]
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}teams_race_shared.c:[[@LINE-16]]:{{[0-9]+}} in add (team of omp teams at {{(.*/)?}}teams_race_shared.c:[[@LINE-12]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}teams_race_shared.c:[[@LINE-17]]:{{[0-9]+}} in add (team of omp teams at {{(.*/)?}}teams_race_shared.c:[[@LINE-13]])
  // CHECK-NEXT: ==ompracer==   location: global 'total' of 4 bytes, declared at {{(.*/)?}}teams_race_shared.c:[[@LINE-22]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different teams of the omp teams at {{(.*/)?}}teams_race_shared.c:[[@LINE-15]]
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  printf("mine=%d,%d\n", mine[0], mine[1]);
  return 0;
}
