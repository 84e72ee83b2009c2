// teams_one_team_race.c -- a teams region that runs as a single team is named.
//
// Without a num_teams clause libomp runs a teams region on the host as one team,
// so races between its teams cannot show: the tool says so once, naming the
// first such region. Here that region's single team increments `x` (no race:
// there is no other team). The second teams region has two teams, which both
// write `shared_max`: one write/write report between them.
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
  // CHECK: ==ompracer== WARNING: at {{(.*/)?}}teams_one_team_race.c:[[@LINE-4]]: this teams region ran as a single team (libomp's choice on the host when there is no num_teams clause, or num_teams(1)): races between different teams of it cannot show, and critical sections and locks in it are taken as excluding each other; give it num_teams(2) or more to check them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}teams_one_team_race.c:[[@LINE-10]]:{{[0-9]+}} in set (team of omp teams at {{(.*/)?}}teams_one_team_race.c:[[@LINE-4]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}teams_one_team_race.c:[[@LINE-11]]:{{[0-9]+}} in set (team of omp teams at {{(.*/)?}}teams_one_team_race.c:[[@LINE-5]])
  // CHECK-NEXT: ==ompracer==   location: global 'shared_max' of 4 bytes, declared at {{(.*/)?}}teams_one_team_race.c:[[@LINE-15]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different teams of the omp teams at {{(.*/)?}}teams_one_team_race.c:[[@LINE-7]]
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("x=%d max=%d\n", x, shared_max);
  return 0;
}
