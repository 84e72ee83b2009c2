// target_tasks_joined_race.c -- what the end of a target region does not order.
//
// Task E, created before the target region and never waited for, writes `early`;
// the host reads it after the region: the region's end waits only for the tasks
// created inside it, so E races with the read (write/read). Inside the region, two
// tasks without dependences both write `shared`: they race with each other
// (write/write) although the region's end orders both before the host's read of it.
//
// EXPECT: race
#include <stdio.h>

int early, shared, seen_early, seen_shared;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    early = 1;
#pragma omp target map(tofrom : shared)
    {
#pragma omp task
      shared = 1;
#pragma omp task
      shared = 2;
    }
    seen_early = early;
    seen_shared = shared;
#pragma omp taskwait
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}target_tasks_joined_race.c:[[@LINE-13]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}target_tasks_joined_race.c:[[@LINE-14]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}target_tasks_joined_race.c:[[@LINE-6]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}target_tasks_joined_race.c:[[@LINE-18]])
  // CHECK-NEXT: ==ompracer==   location: global 'early' of 4 bytes, declared at {{(.*/)?}}target_tasks_joined_race.c:[[@LINE-22]]
  // CHECK-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}target_tasks_joined_race.c:[[@LINE-17]] runs in parallel with what its creator does after creating it: no taskwait, taskgroup or dependence orders them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}target_tasks_joined_race.c:[[@LINE-14]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}target_tasks_joined_race.c:[[@LINE-15]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}target_tasks_joined_race.c:[[@LINE-13]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}target_tasks_joined_race.c:[[@LINE-14]])
  // CHECK-NEXT: ==ompracer==   location: global 'shared' of 4 bytes, declared at {{(.*/)?}}target_tasks_joined_race.c:[[@LINE-27]]
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}target_tasks_joined_race.c:[[@LINE-18]] and {{(.*/)?}}target_tasks_joined_race.c:[[@LINE-16]] with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  printf("done\n");
  return 0;
}
