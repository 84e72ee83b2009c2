// precise_nest_lock.c -- a nest lock is held while its nesting count is above zero.
//
// Every thread takes the nest lock, takes it again (depth 2), releases the inner
// level (back to depth 1) and then releases it. Thread 0 writes `x` at depth 1
// before the inner set, and writes `y` at depth 1 after the inner unset; the
// other threads read `x` and `y` at depth 2. Each access holds the nest lock (the
// inner unset does not release it), so in precise mode nothing races: no report.
// Fast mode ignores mutual exclusion: two (false) reports, x write/read and y
// read/write, after its warning naming the first omp_set_nest_lock call, which
// every thread makes first.
//
// MODES: fast precise
// EXPECT: race
// EXPECT-PRECISE: norace
// VERDICT: precise an OpenMP lock at 29
// PRECISE-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

omp_nest_lock_t nest;
int x, y;
int seen_x[64], seen_y[64];

int main(void) {
  omp_init_nest_lock(&nest);
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    omp_set_nest_lock(&nest);
    if (t == 0)
      x = 1;
    omp_set_nest_lock(&nest);
    if (t != 0) {
      seen_x[t] = x;
      seen_y[t] = y;
    }
    omp_unset_nest_lock(&nest);
    if (t == 0)
      y = 2;
    omp_unset_nest_lock(&nest);
  }
  // CHECK: ==ompracer== WARNING: fast mode may report false races in this program: it uses an OpenMP lock at {{(.*/)?}}precise_nest_lock.c:[[@LINE-13]]; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_nest_lock.c:[[@LINE-13]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_nest_lock.c:[[@LINE-18]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}precise_nest_lock.c:[[@LINE-11]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_nest_lock.c:[[@LINE-19]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}precise_nest_lock.c:[[@LINE-25]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}precise_nest_lock.c:[[@LINE-21]], with no barrier between them
  // CHECK: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}precise_nest_lock.c:[[@LINE-14]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_nest_lock.c:[[@LINE-23]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}precise_nest_lock.c:[[@LINE-11]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}precise_nest_lock.c:[[@LINE-24]])
  // CHECK-NEXT: ==ompracer==   location: global 'y' of 4 bytes, declared at {{(.*/)?}}precise_nest_lock.c:[[@LINE-30]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}precise_nest_lock.c:[[@LINE-26]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  omp_destroy_nest_lock(&nest);
  printf("x=%d y=%d\n", x, y);
  return 0;
}
