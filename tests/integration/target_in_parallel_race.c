// target_in_parallel_race.c -- target regions run by parallel threads race.
//
// Two threads of a parallel region each run a target region on the host (no
// offload device): a plain target region that increments the shared `count`
// (mapped tofrom, which on the host is the variable itself), and a target teams
// region whose two teams write the cell of their team number. The target regions
// of the two threads are logically parallel: one read/write and one write/write
// report on `count` between the implicit tasks, one write/write report on
// `cell` between the teams of the two leagues (the teams of one league write
// different cells). Each thread's own slot is private to it: no report.
//
// EXPECT: race
// VERDICT: fast
#include <omp.h>
#include <stdio.h>

int count;
int cell[2];
int slot[2];

__attribute__((noinline)) static void bump(int *p) {
  *p += 1;
}

__attribute__((noinline)) static void put(int *p, int v) {
  *p = v;
}

int main(void) {
#pragma omp parallel num_threads(2)
  {
    int t = omp_get_thread_num();
#pragma omp target map(tofrom : count, slot[t : 1])
    {
      bump(&count);
      slot[t] = t + 1;
    }
#pragma omp target teams num_teams(2) map(tofrom : cell)
    put(&cell[omp_get_team_num()], omp_get_team_num());
  }
  // CHECK: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}target_in_parallel_race.c:[[@LINE-20]]:{{[0-9]+}} in bump (implicit task of omp parallel at {{(.*/)?}}target_in_parallel_race.c:[[@LINE-12]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}target_in_parallel_race.c:[[@LINE-21]]:{{[0-9]+}} in bump (implicit task of omp parallel at {{(.*/)?}}target_in_parallel_race.c:[[@LINE-13]])
  // CHECK-NEXT: ==ompracer==   location: global 'count' of 4 bytes, declared at {{(.*/)?}}target_in_parallel_race.c:[[@LINE-27]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}target_in_parallel_race.c:[[@LINE-15]], with no barrier between them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}target_in_parallel_race.c:[[@LINE-25]]:{{[0-9]+}} in bump (implicit task of omp parallel at {{(.*/)?}}target_in_parallel_race.c:[[@LINE-17]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}target_in_parallel_race.c:[[@LINE-26]]:{{[0-9]+}} in bump (implicit task of omp parallel at {{(.*/)?}}target_in_parallel_race.c:[[@LINE-18]])
  // CHECK-NEXT: ==ompracer==   location: global 'count' of 4 bytes, declared at {{(.*/)?}}target_in_parallel_race.c:[[@LINE-32]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}target_in_parallel_race.c:[[@LINE-20]], with no barrier between them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}target_in_parallel_race.c:[[@LINE-26]]:{{[0-9]+}} in put (team of omp teams at {{(.*/)?}}target_in_parallel_race.c:[[@LINE-14]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}target_in_parallel_race.c:[[@LINE-27]]:{{[0-9]+}} in put (team of omp teams at {{(.*/)?}}target_in_parallel_race.c:[[@LINE-15]])
  // CHECK-NEXT: ==ompracer==   location: global 'cell' of 8 bytes, declared at {{(.*/)?}}target_in_parallel_race.c:[[@LINE-36]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}target_in_parallel_race.c:[[@LINE-25]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 3 data race(s) reported
  printf("slots=%d,%d\n", slot[0], slot[1]);
  return 0;
}
