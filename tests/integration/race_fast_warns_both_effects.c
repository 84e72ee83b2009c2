// race_fast_warns_both_effects.c -- fast mode warns about both ways it can be wrong.
//
// The program first uses critical (fast mode, which has no locksets, may report false
// races; here only one thread enters it) and later has a task that ends without waiting for its child (fast mode,
// built for fully nested taskwaits, may miss races). Each is warned about once: the
// one that can hide races at once, the one that can cause false races before the
// first report. (Fast mode used to remember only the first unsafe construct, so the
// later one that makes it miss races went unmentioned.) The race to report: task K
// writes `ctl` while the single, without waiting, reads it. Precise mode (the default)
// needs no warning and reports the same race.
//
// EXPECT: race
// VERDICT: precise critical at 25
#include <stdio.h>

int counter;
int g_out;
int ctl, seen;

int main(void) {
#pragma omp parallel
  {
#pragma omp single
    {
#pragma omp critical
      counter++;
#pragma omp task
      {
#pragma omp task
        g_out = 1;
      }
#pragma omp taskwait
#pragma omp task
      ctl = 3;
      seen = ctl;
#pragma omp taskwait
    }
  }
  // CHECK: ==ompracer== WARNING: fast mode may miss races in this program: it uses a task that ends without waiting for its child tasks (taskwaits not fully nested); the task was created at {{(.*/)?}}race_fast_warns_both_effects.c:[[@LINE-12]]; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
  // CHECK-NEXT: ==ompracer== WARNING: fast mode may report false races in this program: it uses critical at {{(.*/)?}}race_fast_warns_both_effects.c:[[@LINE-15]]; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
  // CHECK-NEXT: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_fast_warns_both_effects.c:[[@LINE-8]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_fast_warns_both_effects.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_fast_warns_both_effects.c:[[@LINE-8]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_fast_warns_both_effects.c:[[@LINE-22]])
  // CHECK-NEXT: ==ompracer==   location: global 'ctl' of 4 bytes, declared at {{(.*/)?}}race_fast_warns_both_effects.c:[[@LINE-26]]
  // CHECK-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}race_fast_warns_both_effects.c:[[@LINE-12]] runs in parallel with what its creator does after creating it: no taskwait, taskgroup or dependence orders them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  // PRECISE: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}race_fast_warns_both_effects.c:[[@LINE-14]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_fast_warns_both_effects.c:[[@LINE-15]])
  // PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}race_fast_warns_both_effects.c:[[@LINE-14]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_fast_warns_both_effects.c:[[@LINE-28]])
  // PRECISE-NEXT: ==ompracer==   location: global 'ctl' of 4 bytes, declared at {{(.*/)?}}race_fast_warns_both_effects.c:[[@LINE-32]]
  // PRECISE-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}race_fast_warns_both_effects.c:[[@LINE-18]] runs in parallel with what its creator does after creating it: no taskwait, taskgroup or dependence orders them
  // PRECISE: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("counter=%d seen=%d\n", counter > 0, seen >= 0);
  return 0;
}
