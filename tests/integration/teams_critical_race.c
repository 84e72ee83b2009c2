// teams_critical_race.c -- a critical section does not exclude other teams.
//
// A critical region binds to the threads of one contention group, and every team
// of a league is a contention group of its own (libomp on the host happens to use
// one lock for all teams, a GPU does not). In both teams of a host teams region
// the threads of a parallel region update `total` inside a critical section: the
// updates of different teams are not mutually exclusive, so precise mode reports
// the read/write and write/write pairs. Inside one team the threads do exclude
// each other: no report for `per_team`, updated in critical(inner). (Only precise mode is
// run: fast mode ignores critical sections, and whether it also reports
// `per_team` depends on how many threads libomp gives each team.)
//
// MODES: precise
// EXPECT: race
// VERDICT: precise critical at 37
#include <omp.h>
#include <stdio.h>

int total;
int per_team[2];
int seen[2];

__attribute__((noinline)) static void add(int *p, int v) {
  *p += v;
}

__attribute__((noinline)) static void bump(int *p) {
  *p += 1;
}

int main(void) {
#pragma omp teams num_teams(2)
  {
    int t = omp_get_team_num();
#pragma omp parallel num_threads(2)
    {
#pragma omp critical
      add(&total, t + 1);
#pragma omp critical(inner)
      bump(&per_team[t]);
    }
    seen[t] = per_team[t] > 0;
  }
  // PRECISE: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}teams_critical_race.c:[[@LINE-21]]:{{[0-9]+}} in add (implicit task of omp parallel at {{(.*/)?}}teams_critical_race.c:[[@LINE-10]])
  // PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}teams_critical_race.c:[[@LINE-22]]:{{[0-9]+}} in add (implicit task of omp parallel at {{(.*/)?}}teams_critical_race.c:[[@LINE-11]])
  // PRECISE-NEXT: ==ompracer==   location: global 'total' of 4 bytes, declared at {{(.*/)?}}teams_critical_race.c:[[@LINE-28]]
  // PRECISE-NEXT: ==ompracer==   why: the two accesses are in different teams of the omp teams at {{(.*/)?}}teams_critical_race.c:[[@LINE-16]]; and they hold no common lock: the read at {{(.*/)?}}teams_critical_race.c:[[@LINE-24]]:{{[0-9]+}} holds critical at {{(.*/)?}}teams_critical_race.c:[[@LINE-11]], the write at {{(.*/)?}}teams_critical_race.c:[[@LINE-24]]:{{[0-9]+}} holds critical at {{(.*/)?}}teams_critical_race.c:[[@LINE-11]]
  // PRECISE: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}teams_critical_race.c:[[@LINE-26]]:{{[0-9]+}} in add (implicit task of omp parallel at {{(.*/)?}}teams_critical_race.c:[[@LINE-15]])
  // PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}teams_critical_race.c:[[@LINE-27]]:{{[0-9]+}} in add (implicit task of omp parallel at {{(.*/)?}}teams_critical_race.c:[[@LINE-16]])
  // PRECISE-NEXT: ==ompracer==   location: global 'total' of 4 bytes, declared at {{(.*/)?}}teams_critical_race.c:[[@LINE-33]]
  // PRECISE-NEXT: ==ompracer==   why: the two accesses are in different teams of the omp teams at {{(.*/)?}}teams_critical_race.c:[[@LINE-21]]; and they hold no common lock: the write at {{(.*/)?}}teams_critical_race.c:[[@LINE-29]]:{{[0-9]+}} holds critical at {{(.*/)?}}teams_critical_race.c:[[@LINE-16]], the write at {{(.*/)?}}teams_critical_race.c:[[@LINE-29]]:{{[0-9]+}} holds critical at {{(.*/)?}}teams_critical_race.c:[[@LINE-16]]
  // PRECISE: ==ompracer== SUMMARY: 2 data race(s) reported
  printf("total=%d seen=%d,%d\n", total, seen[0], seen[1]);
  return 0;
}
