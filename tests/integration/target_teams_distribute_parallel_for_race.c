// target_teams_distribute_parallel_for_race.c -- a combined target construct races.
//
// Without an offload target (no -fopenmp-targets) the target region runs on the
// host: a league of two teams, each running its distribute chunk in a parallel
// for. Iterations in different teams are logically parallel; every iteration
// writes the shared `last`, mapped tofrom (on the host the map copies nothing):
// one write/write report between the teams. b[i] is only touched by iteration i.
// How the report names the strand depends on how many threads each team gets
// (one here: the inner region's implicit task; more: its chunks) and, once loop
// iterations are tagged (iterations.h), on the iteration. Which pair of writes
// meets first is the schedule's choice: usually two iterations of one team's loop
// (`why:` names the omp for), rarely (about one run in a thousand under load) two
// of different teams (`why:` names the distribute that gave them to the teams);
// both explanations are true.
//
// EXPECT: race
// VERDICT: fast
#include <omp.h>
#include <stdio.h>

#define N 128
int b[N];
int last;

__attribute__((noinline)) static void set(int *p, int v) {
  *p = v;
}

int main(void) {
#pragma omp target teams distribute parallel for num_teams(2) map(tofrom : b, last)
  for (int i = 0; i < N; i++) {
    b[i] = i + 1;
    set(&last, i);
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}target_teams_distribute_parallel_for_race.c:[[@LINE-10]]:{{[0-9]+}} in set ({{(implicit task of omp parallel|iteration chunk of omp for|iteration of omp for)}} at {{(.*/)?}}target_teams_distribute_parallel_for_race.c:[[@LINE-6]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}target_teams_distribute_parallel_for_race.c:[[@LINE-11]]:{{[0-9]+}} in set ({{(implicit task of omp parallel|iteration chunk of omp for|iteration of omp for)}} at {{(.*/)?}}target_teams_distribute_parallel_for_race.c:[[@LINE-7]])
  // CHECK-NEXT: ==ompracer==   location: global 'last' of 4 bytes, declared at {{(.*/)?}}target_teams_distribute_parallel_for_race.c:[[@LINE-15]]
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp {{(for|distribute)}} at {{(.*/)?}}target_teams_distribute_parallel_for_race.c:[[@LINE-9]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += b[i];
  printf("sum=%ld\n", sum);
  return 0;
}
