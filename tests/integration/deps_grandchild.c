// deps_grandchild.c -- a dependence does not order a grandchild its task did not wait for.
//
// T1 (depend(out: tok)) creates G and ends without a taskwait; T2 (depend(in:
// tok)) reads what T1 and G wrote. The dependence orders T1 before T2, so T1's
// write of `t1_out` does not race with T2's read. But G is T1's child, not waited
// for: G is not ordered before T2, and G's write of `g_out` races with T2's read.
// Precise mode reports that write/read race. Fast mode is built for fully nested
// taskwaits: when T1 ends without waiting for G it warns at once that it may miss
// races (naming T1's creation line) and does not report the g_out race.
// To give both modes a report to check, the program also has a control race found
// by both: task K writes `ctl` while the single, without waiting, reads it.
//
// MODES: fast precise
// EXPECT: race
// VERDICT: precise task at 28
#include <omp.h>
#include <stdio.h>

int tok;
int t1_out, g_out;
int t2_seen_t1, t2_seen_g;
int ctl, ctl_seen;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: tok)
    {
#pragma omp task
      g_out = 7;
      t1_out = 1;
    }
#pragma omp task depend(in: tok)
    {
      t2_seen_t1 = t1_out;
      t2_seen_g = g_out;
    }
#pragma omp task
    ctl = 3;
    ctl_seen = ctl;
#pragma omp taskwait
  }
  // CHECK: ==ompracer== WARNING: fast mode may miss races in this program: it uses a task that ends without waiting for its child tasks (taskwaits not fully nested); the task was created at {{(.*/)?}}deps_grandchild.c:[[@LINE-16]]; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}deps_grandchild.c:[[@LINE-6]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}deps_grandchild.c:[[@LINE-7]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}deps_grandchild.c:[[@LINE-6]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}deps_grandchild.c:[[@LINE-22]])
  // CHECK-NEXT: ==ompracer==   location: global 'ctl' of 4 bytes, declared at {{(.*/)?}}deps_grandchild.c:[[@LINE-26]]
  // CHECK-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}deps_grandchild.c:[[@LINE-10]] runs in parallel with what its creator does after creating it: no taskwait, taskgroup or dependence orders them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  // PRECISE: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}deps_grandchild.c:[[@LINE-21]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}deps_grandchild.c:[[@LINE-22]])
  // PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}deps_grandchild.c:[[@LINE-16]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}deps_grandchild.c:[[@LINE-19]])
  // PRECISE-NEXT: ==ompracer==   location: global 'g_out' of 4 bytes, declared at {{(.*/)?}}deps_grandchild.c:[[@LINE-34]]
  // PRECISE-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}deps_grandchild.c:[[@LINE-27]] runs in parallel with what its creator does after creating it: no taskwait, taskgroup or dependence orders them
  // PRECISE: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}deps_grandchild.c:[[@LINE-17]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}deps_grandchild.c:[[@LINE-18]])
  // PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}deps_grandchild.c:[[@LINE-17]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}deps_grandchild.c:[[@LINE-33]])
  // PRECISE-NEXT: ==ompracer==   location: global 'ctl' of 4 bytes, declared at {{(.*/)?}}deps_grandchild.c:[[@LINE-37]]
  // PRECISE-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}deps_grandchild.c:[[@LINE-21]] runs in parallel with what its creator does after creating it: no taskwait, taskgroup or dependence orders them
  // PRECISE: ==ompracer== SUMMARY: 2 data race(s) reported
  printf("t2_seen_t1=%d\n", t2_seen_t1);
  return 0;
}
