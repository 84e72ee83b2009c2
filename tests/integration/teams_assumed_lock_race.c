// teams_assumed_lock_race.c -- a lock does not protect across teams, also when libomp
// runs the teams region as one team.
//
// Without num_teams libomp runs the league as one team on the host; the tool checks
// it as if there were more. Each distribute iteration adds to a shared histogram
// under an OpenMP lock, which excludes only threads of one team (a contention
// group): two iterations that different teams run may update the same bin at once.
// One read/write and one write/write report between teams.
//
// EXPECT: race
// MODES: precise
// VERDICT: precise an OpenMP lock at 33
#include <omp.h>
#include <stdio.h>

#define N 64
int bins[4];
omp_lock_t lock;

__attribute__((noinline)) static void add(int *bin) {
  *bin += 1;
}

int main(void) {
  omp_init_lock(&lock);
#pragma omp teams
  {
    // A counter of the team's own (on its stack): no race between teams.
    int mine = 0;
#pragma omp distribute
    for (int i = 0; i < N; i++) {
      add(&mine);
      omp_set_lock(&lock);
      add(&bins[i % 4]);
      omp_unset_lock(&lock);
    }
    (void)mine;
  }
  // CHECK: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}teams_assumed_lock_race.c:[[@LINE-19]]:{{[0-9]+}} in add (iteration of omp distribute at {{(.*/)?}}teams_assumed_lock_race.c:[[@LINE-10]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}teams_assumed_lock_race.c:[[@LINE-20]]:{{[0-9]+}} in add (team of omp teams at {{(.*/)?}}teams_assumed_lock_race.c:[[@LINE-15]])
  // CHECK-NEXT: ==ompracer==   location: global 'bins' of 16 bytes, declared at {{(.*/)?}}teams_assumed_lock_race.c:[[@LINE-25]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different teams of the omp teams at {{(.*/)?}}teams_assumed_lock_race.c:26; and they hold no common lock: the read at {{(.*/)?}}teams_assumed_lock_race.c:21:8 holds lock 'lock', the write at {{(.*/)?}}teams_assumed_lock_race.c:21:8 holds no lock
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}teams_assumed_lock_race.c:[[@LINE-24]]:{{[0-9]+}} in add ({{.*}})
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}teams_assumed_lock_race.c:[[@LINE-25]]:{{[0-9]+}} in add ({{.*}})
  // CHECK-NEXT: ==ompracer==   location: global 'bins' of 16 bytes, declared at {{(.*/)?}}teams_assumed_lock_race.c:[[@LINE-30]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different teams of the omp teams at {{(.*/)?}}teams_assumed_lock_race.c:26; and they hold no common lock: the write at {{(.*/)?}}teams_assumed_lock_race.c:21:8 holds {{no lock|lock 'lock'}}, the write at {{(.*/)?}}teams_assumed_lock_race.c:21:8 holds {{no lock|lock 'lock'}}
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  omp_destroy_lock(&lock);
  printf("%d %d %d %d\n", bins[0], bins[1], bins[2], bins[3]);
  return 0;
}
