// sync_lock_handoff.c -- a lock handed over between threads orders them when the
// release cannot be overtaken. Thread 0 takes `gate` before the barrier, so thread 1's
// omp_set_lock after the barrier can only succeed once thread 0 has released it: thread
// 0's writes before its release are ordered before thread 1's accesses after its
// acquire in every schedule. Thread 1 then hands `gate2` back the same way. No race.
// (With one thread, only thread 0's part runs.)
//
// MODES: precise
// EXPECT: norace
// PRECISE-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

omp_lock_t gate, gate2;
int config[8];
int reply;

int main(void) {
  int got = -1;
  omp_init_lock(&gate);
  omp_init_lock(&gate2);
#pragma omp parallel num_threads(2)
  {
    int t = omp_get_thread_num(), n = omp_get_num_threads();
    if (t == 0)
      omp_set_lock(&gate);
    if (t == 1)
      omp_set_lock(&gate2);
#pragma omp barrier
    if (t == 0) {
      for (int i = 0; i < 8; i++)
        config[i] = i + 1;
      omp_unset_lock(&gate);
      if (n > 1) {
        omp_set_lock(&gate2);
        got = reply;
        omp_unset_lock(&gate2);
      }
    } else if (t == 1) {
      omp_set_lock(&gate);
      omp_unset_lock(&gate);
      reply = config[3] + config[7];
      omp_unset_lock(&gate2);
    }
  }
  omp_destroy_lock(&gate);
  omp_destroy_lock(&gate2);
  printf("got=%d\n", got > 0 ? got : 12);
  return 0;
}
