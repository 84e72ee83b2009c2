// race_explain_locks.c -- the why line names the locks each access held.
//
// In precise mode (the default) two accesses race only when no common lock orders
// them, so when either held one the why line says which locks each held: `x` is
// written by thread 0 inside critical(a) and by thread 1 with no lock; `z` is written
// by thread 0 under the omp_lock_t `lk` and by thread 1 under the nest lock `nl`;
// `w` is written by a task with depend(mutexinoutset: m), which holds a lock on m,
// and by a task with no dependence.
//
// MODES: precise
// EXPECT: race
// (explain is on by default)
// VERDICT: precise critical at 27
#include <omp.h>
#include <stdio.h>

int x, z, w, m;
omp_lock_t lk;
omp_nest_lock_t nl;

int main(void) {
  omp_init_lock(&lk);
  omp_init_nest_lock(&nl);
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp critical(a)
    if (t == 0)
      x = 1;
    if (t == 1)
      x = 2;
    if (t == 0) {
      omp_set_lock(&lk);
      z = 1;
      omp_unset_lock(&lk);
    } else if (t == 1) {
      omp_set_nest_lock(&nl);
      z = 2;
      omp_unset_nest_lock(&nl);
    }
  }
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(mutexinoutset : m)
    w = 1;
#pragma omp task
    w = 2;
  }
  omp_destroy_lock(&lk);
  omp_destroy_nest_lock(&nl);
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_locks.c:29:9 in main (implicit task of omp parallel at {{(.*/)?}}race_explain_locks.c:24)
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_locks.c:31:9 in main (implicit task of omp parallel at {{(.*/)?}}race_explain_locks.c:24)
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}race_explain_locks.c:17
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_explain_locks.c:24, with no barrier between them; and they hold no common lock: the write at {{(.*/)?}}race_explain_locks.c:29:9 holds critical(a), the write at {{(.*/)?}}race_explain_locks.c:31:9 holds no lock
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_locks.c:34:9 in main (implicit task of omp parallel at {{(.*/)?}}race_explain_locks.c:24)
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_locks.c:38:9 in main (implicit task of omp parallel at {{(.*/)?}}race_explain_locks.c:24)
  // CHECK-NEXT: ==ompracer==   location: global 'z' of 4 bytes, declared at {{(.*/)?}}race_explain_locks.c:17
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_explain_locks.c:24, with no barrier between them; and they hold no common lock: the write at {{(.*/)?}}race_explain_locks.c:34:9 holds lock 'lk', the write at {{(.*/)?}}race_explain_locks.c:38:9 holds nest lock 'nl'
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_locks.c:46:7 in main (explicit task created at {{(.*/)?}}race_explain_locks.c:45)
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_locks.c:48:7 in main (explicit task created at {{(.*/)?}}race_explain_locks.c:47)
  // CHECK-NEXT: ==ompracer==   location: global 'w' of 4 bytes, declared at {{(.*/)?}}race_explain_locks.c:17
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_explain_locks.c:45 and {{(.*/)?}}race_explain_locks.c:47 with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them; and they hold no common lock: the write at {{(.*/)?}}race_explain_locks.c:46:7 holds the mutexinoutset dependence on 'm', the write at {{(.*/)?}}race_explain_locks.c:48:7 holds no lock
  // CHECK: ==ompracer== SUMMARY: 3 data race(s) reported
  printf("done\n");
  return 0;
}
