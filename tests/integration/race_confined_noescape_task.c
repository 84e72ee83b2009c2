// race_confined_noescape_task.c -- a local passed to a callee declared noescape that
// hands it to a task running during the call.
//
// owner()'s `slot` goes only to spawn(), whose parameter is declared noescape (LLVM's
// nocapture: no copy of the pointer outlives the call). That is true here, spawn waits
// for its task, but the task runs in parallel with spawn's call of touch(): both
// write slot[0]. A slot whose address reaches only such calls must not be taken as
// confined to its task (runtime/confined.h): the pass confines a slot only when every
// function its address reaches is defined in the module and passes the same test.
// One report; only slot[1], which nothing writes, is printed.
//
// EXPECT: race
#include <stdio.h>

__attribute__((noinline)) static void touch(int *p) { p[0] = 2; }
// CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_confined_noescape_task.c:[[@LINE-2]]:{{[0-9]+}} in touch (implicit task of omp parallel at {{(.*/)?}}race_confined_noescape_task.c:[[@LINE+19]])
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_confined_noescape_task.c:[[@LINE+5]]:{{[0-9]+}} in spawn (explicit task created at {{(.*/)?}}race_confined_noescape_task.c:[[@LINE+4]])
// CHECK-NEXT: ==ompracer==   location: local 'slot' of owner, declared at {{(.*/)?}}race_confined_noescape_task.c:[[@LINE+10]] (offset 0)
// CHECK-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}race_confined_noescape_task.c:[[@LINE+2]] runs in parallel with what its creator does after creating it: no taskwait, taskgroup or dependence orders them
__attribute__((noinline)) static void spawn(int *__attribute__((noescape)) p) {
#pragma omp task firstprivate(p)
  p[0] = 1;
  touch(p);
#pragma omp taskwait
}

__attribute__((noinline)) static int owner(void) {
  int slot[2] = {0, 0};
  spawn(slot);
  return slot[1];
}

int main(void) {
  int r = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  r = owner();
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("r=%d\n", r);
  return 0;
}
