// race_initial_thread_target_task.c -- a target task (target nowait) made outside any
// parallel region may run on one of libomp's hidden helper threads, at the same time
// as the initial thread: its write races with a task of the initial team. One
// write/write report.
//
// MODES: fast precise
// EXPECT: race
#include <stdio.h>

int shared_v;

int main(void) {
#pragma omp target nowait map(tofrom : shared_v)
  shared_v = 1;
#pragma omp task
  shared_v = 2;
#pragma omp taskwait
  printf("done\n");
  return 0;
}
// CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_initial_thread_target_task.c:[[@LINE-8]]:{{[0-9]+}} in main (target task created at {{(.*/)?}}race_initial_thread_target_task.c:[[@LINE-9]])
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_initial_thread_target_task.c:[[@LINE-7]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_initial_thread_target_task.c:[[@LINE-8]])
// CHECK-NEXT: ==ompracer==   location: global 'shared_v' of 4 bytes, declared at {{(.*/)?}}race_initial_thread_target_task.c:[[@LINE-14]]
// CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_initial_thread_target_task.c:13 and {{(.*/)?}}race_initial_thread_target_task.c:15 with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
// CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
// PRECISE: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
// PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}race_initial_thread_target_task.c:[[@LINE-14]]:{{[0-9]+}} in main (target task created at {{(.*/)?}}race_initial_thread_target_task.c:[[@LINE-15]])
// PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}race_initial_thread_target_task.c:[[@LINE-13]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_initial_thread_target_task.c:[[@LINE-14]])
// PRECISE-NEXT: ==ompracer==   location: global 'shared_v' of 4 bytes, declared at {{(.*/)?}}race_initial_thread_target_task.c:[[@LINE-20]]
// PRECISE-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_initial_thread_target_task.c:13 and {{(.*/)?}}race_initial_thread_target_task.c:15 with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
// PRECISE: ==ompracer== SUMMARY: 1 data race(s) reported
