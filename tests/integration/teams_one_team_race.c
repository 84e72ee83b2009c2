// teams_one_team_race.c -- a teams region that runs as a single team is checked as
// if it had more.
//
// Without a num_teams clause libomp runs a teams region on the host as one team; the
// program cannot rely on that, so the tool checks it as if the league had two or
// more teams. Here every team of the first region updates `x`: a read/write and a
// write/write report between teams (the same statement, run by two teams). The second
// teams region has two teams, which both write `shared_max`: one write/write report.
//
// EXPECT: race
// VERDICT: fast
#include <omp.h>
#include <stdio.h>

int x;
int shared_max;

__attribute__((noinline)) static void set(int *p, int v) {
  *p = v;
}

int main(void) {
#pragma omp target teams map(tofrom : x)
  x += omp_get_num_teams();
#pragma omp teams num_teams(2)
  set(&shared_max, omp_get_num_teams());
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}teams_one_team_race.c:[[@LINE-9]]:{{[0-9]+}} in set (team of omp teams at {{(.*/)?}}teams_one_team_race.c:[[@LINE-3]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}teams_one_team_race.c:[[@LINE-10]]:{{[0-9]+}} in set (team of omp teams at {{(.*/)?}}teams_one_team_race.c:[[@LINE-4]])
  // CHECK-NEXT: ==ompracer==   location: global 'shared_max' of 4 bytes, declared at {{(.*/)?}}teams_one_team_race.c:[[@LINE-14]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different teams of the omp teams at {{(.*/)?}}teams_one_team_race.c:25
  // CHECK: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}teams_one_team_race.c:[[@LINE-9]]:{{[0-9]+}} in main (team of omp teams at {{(.*/)?}}teams_one_team_race.c:[[@LINE-10]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}teams_one_team_race.c:[[@LINE-10]]:{{[0-9]+}} in main (team of omp teams at {{(.*/)?}}teams_one_team_race.c:[[@LINE-11]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}teams_one_team_race.c:[[@LINE-20]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different teams of the omp teams at {{(.*/)?}}teams_one_team_race.c:23
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}teams_one_team_race.c:[[@LINE-14]]:{{[0-9]+}} in main (team of omp teams at {{(.*/)?}}teams_one_team_race.c:[[@LINE-15]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}teams_one_team_race.c:[[@LINE-15]]:{{[0-9]+}} in main (team of omp teams at {{(.*/)?}}teams_one_team_race.c:[[@LINE-16]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}teams_one_team_race.c:[[@LINE-25]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different teams of the omp teams at {{(.*/)?}}teams_one_team_race.c:23
  // CHECK: ==ompracer== SUMMARY: 3 data race(s) reported
  printf("x=%d max=%d\n", x, shared_max);
  return 0;
}
