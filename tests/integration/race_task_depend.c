// race_task_depend.c -- task dependences order only the tasks they connect.
//
// Task A (depend(out: a_token)) writes `shared_val` and `other`. Task B
// (depend(in: a_token)) reads `shared_val`: the dependence orders it after A,
// no race. Task C (depend(out: c_token)) has no dependence on A, so it is
// logically parallel with A: C's read of `shared_val` races with A's write
// (one write/read report) and C's write of `other` with A's write (one
// write/write report). B and C only both read `shared_val`: no race.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

int a_token, c_token;
int shared_val;
int other;
int b_seen;
int c_seen;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: a_token)
    {
      shared_val = 5;
      other = 1;
    }
#pragma omp task depend(in: a_token)
    b_seen = shared_val;
#pragma omp task depend(out: c_token)
    {
      c_seen = shared_val + 1;
      other = 2;
    }
#pragma omp taskwait
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_task_depend.c:[[@LINE-13]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_task_depend.c:[[@LINE-15]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_task_depend.c:[[@LINE-7]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_task_depend.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   location: global 'shared_val' of 4 bytes, declared at {{(.*/)?}}race_task_depend.c:[[@LINE-26]]
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_task_depend.c:[[@LINE-18]] and {{(.*/)?}}race_task_depend.c:[[@LINE-11]] with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_task_depend.c:[[@LINE-17]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_task_depend.c:[[@LINE-20]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_task_depend.c:[[@LINE-11]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_task_depend.c:[[@LINE-14]])
  // CHECK-NEXT: ==ompracer==   location: global 'other' of 4 bytes, declared at {{(.*/)?}}race_task_depend.c:[[@LINE-30]]
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_task_depend.c:[[@LINE-23]] and {{(.*/)?}}race_task_depend.c:[[@LINE-16]] with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  printf("b_seen=%d c_ok=%d\n", b_seen, c_seen == 1 || c_seen == 6);
  return 0;
}
