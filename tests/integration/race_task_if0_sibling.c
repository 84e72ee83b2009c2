// race_task_if0_sibling.c -- an undeferred (if(0)) task still races with a deferred sibling.
//
// A task with if(0) runs at once and its creator's continuation waits for it,
// so it is in series with the continuation (`copy = slot2` does not race with
// `slot2 = 2`). But the deferred task created before it is a sibling that may
// run at any time until the taskwait: both write `shared_slot`, one
// write/write report.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

int shared_slot;
int slot2;
int copy;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    shared_slot = 1;
#pragma omp task if(0)
    {
      shared_slot = 2;
      slot2 = 2;
    }
    copy = slot2;
#pragma omp taskwait
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_task_if0_sibling.c:[[@LINE-10]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_task_if0_sibling.c:[[@LINE-11]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_task_if0_sibling.c:[[@LINE-8]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_task_if0_sibling.c:[[@LINE-10]])
  // CHECK-NEXT: ==ompracer==   location: global 'shared_slot' of 4 bytes, declared at {{(.*/)?}}race_task_if0_sibling.c:[[@LINE-21]]
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_task_if0_sibling.c:[[@LINE-14]] and {{(.*/)?}}race_task_if0_sibling.c:[[@LINE-12]] with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("copy=%d\n", copy);
  return 0;
}
