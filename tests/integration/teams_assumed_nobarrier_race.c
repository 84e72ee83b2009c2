// teams_assumed_nobarrier_race.c -- two distribute loops with no barrier between
// teams, in a teams region that libomp runs as one team.
//
// Checked as if the league had more teams: the first distribute loop writes
// `stage[i]` and the second reads `stage[N - 1 - i]`, which another team may still be
// writing (nothing orders the teams between the two loops). One write/read report.
//
// EXPECT: race
// VERDICT: fast
#include <omp.h>
#include <stdio.h>

#define N 32
int stage[N], out[N];

int main(void) {
#pragma omp teams
  {
#pragma omp distribute
    for (int i = 0; i < N; i++)
      stage[i] = i * i;
#pragma omp distribute
    for (int i = 0; i < N; i++)
      out[i] = stage[N - 1 - i];
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}teams_assumed_nobarrier_race.c:[[@LINE-6]]:{{[0-9]+}} in main ({{.*}})
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}teams_assumed_nobarrier_race.c:[[@LINE-4]]:{{[0-9]+}} in main ({{.*}})
  // CHECK-NEXT: ==ompracer==   location: global 'stage' of 128 bytes, declared at {{(.*/)?}}teams_assumed_nobarrier_race.c:[[@LINE-15]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different teams of the omp teams at {{(.*/)?}}teams_assumed_nobarrier_race.c:17
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("%d %d\n", out[0], out[N - 1]);
  return 0;
}
