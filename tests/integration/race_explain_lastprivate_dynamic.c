// race_explain_lastprivate_dynamic.c -- a lastprivate copy-out under a dynamic schedule
// races with the loop's reads of the shared variable in other threads' iterations.
//
// As race_explain_lastprivate.c, with schedule(monotonic: dynamic): the thread that
// runs the last iteration copies its private `x` out after the loop, before the
// loop's barrier, while the iterations that other threads ran read the shared `x`
// through a pointer. The copy is code of that thread's implicit task, ordered after
// the iterations its own thread ran, so the race shows only when another thread ran
// an iteration: iteration 0 waits until a second thread has begun one (a relaxed
// atomic counter, which orders nothing). Plain schedule(dynamic) is nonmonotonic, and
// with it libomp 19 often skips the copy-out altogether (the thread that runs the last
// chunk is not told it is the last: a native run leaves `x` unchanged), so the write
// that races is not made: no tool that checks a run can see it. The racy values are
// not printed.
//
// EXPECT: race
#include <stdio.h>

#define N 100
int x, started;
int seen[N];

/* Spins until a second thread has begun an iteration. */
static void wait_for_second_thread(void) {
  int s;
  do {
#pragma omp atomic read
    s = started;
  } while (s < 2);
}

int main(void) {
  int *p = &x;
#pragma omp parallel
  {
    int mine = 0;
#pragma omp for lastprivate(x) schedule(monotonic : dynamic)
    for (int i = 0; i < N; i++) {
      if (!mine) {
        mine = 1;
#pragma omp atomic
        started++;
      }
      if (i == 0)
        wait_for_second_thread();
      x = i;
      seen[i] = *p;
    }
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_lastprivate_dynamic.c:37:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_explain_lastprivate_dynamic.c:34)
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_explain_lastprivate_dynamic.c:47:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_explain_lastprivate_dynamic.c:37)
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}race_explain_lastprivate_dynamic.c:20
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_explain_lastprivate_dynamic.c:34, with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("done\n");
  return 0;
}
