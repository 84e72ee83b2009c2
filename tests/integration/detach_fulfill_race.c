// detach_fulfill_race.c -- omp_fulfill_event orders what precedes it before the
// detached task's dependents only.
//
// A sibling task writes `x` and fulfils a detached task's event. The detached task's
// dependent reads `x` after that (no race), but an unrelated task that reads `x` is not
// ordered by the event: one write/read report. The detached task's own body and the
// fulfilling task are not ordered either: both write `flag`, one write/write report.
//
// EXPECT: race
// VERDICT: fast
#include <omp.h>
#include <stdio.h>

int x, flag, seen, other;

__attribute__((noinline)) static void put(int *p, int v) {
  *p = v;
}

__attribute__((noinline)) static int get(const int *p) {
  return *p;
}

int main(void) {
#pragma omp parallel
#pragma omp single
  {
    omp_event_handle_t ev;
#pragma omp task detach(ev) depend(out : x)
    put(&flag, 1);
#pragma omp task
    {
      put(&x, 2);
      flag = 2;
      omp_fulfill_event(ev);
    }
#pragma omp task depend(in : x)
    seen = x;
#pragma omp task
    other = get(&x);
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}detach_fulfill_race.c:[[@LINE-26]]:{{[0-9]+}} in put (explicit task created at {{(.*/)?}}detach_fulfill_race.c:[[@LINE-12]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}detach_fulfill_race.c:[[@LINE-23]]:{{[0-9]+}} in get (explicit task created at {{(.*/)?}}detach_fulfill_race.c:[[@LINE-5]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}detach_fulfill_race.c:[[@LINE-31]]
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}detach_fulfill_race.c:31 and {{(.*/)?}}detach_fulfill_race.c:39 with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}detach_fulfill_race.c:[[@LINE-31]]:{{[0-9]+}} in put (explicit task created at {{(.*/)?}}detach_fulfill_race.c:[[@LINE-19]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}detach_fulfill_race.c:[[@LINE-15]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}detach_fulfill_race.c:[[@LINE-18]])
  // CHECK-NEXT: ==ompracer==   location: global 'flag' of 4 bytes, declared at {{(.*/)?}}detach_fulfill_race.c:[[@LINE-36]]
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}detach_fulfill_race.c:29 and {{(.*/)?}}detach_fulfill_race.c:31 with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  printf("seen=%d\n", seen); /* other is the racy read: its value depends on the schedule */
  (void)other;
  return 0;
}
