// incomplete_unwaited_task.c -- a task that ends without waiting for its child where
// the pass cannot see it: the child is made in a function the task calls through a
// pointer, which the pass takes to make no task.
//
// So the pass finds that every task of this file waits for its children, and the
// default mode relies on it (no ST-node entries, runtime/task_nesting.h). When task t
// ends with its child unwaited, the runtime must say that the assumption failed and
// mark the run incomplete: accesses dropped while it held may be missing. The child
// writes only `made`, which main reads after the region's barrier: no race, so the
// exit code is 67 (incomplete_exitcode). Fast mode relies on nothing of the kind
// (it warns of such tasks instead): precise and default modes only.
//
// EXPECT: incomplete
// MODES: precise
// CHECK: ==ompracer== ERROR: a task ended without waiting for its child tasks, although the compiler pass found that every task waits for its children {{.*}}
// CHECK: ==ompracer== SUMMARY: 0 data race(s) reported; checking was incomplete (see the ERROR above), so races may have been missed
#include <stdio.h>

static int made;
static int shared[64];

static void spawn(void) {
#pragma omp task
  made = 1;
}

static void (*volatile spawn_ptr)(void) = spawn;

int main(void) {
  long sum = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < 64; i++) {
#pragma omp task firstprivate(i)
      shared[i] = i;
    }
#pragma omp taskwait
#pragma omp task
    spawn_ptr(); // creates a child, and the task ends without waiting for it
#pragma omp taskwait
    for (int i = 0; i < 64; i++)
      sum += shared[i];
  }
  printf("made=%d sum=%ld\n", made, sum);
  return 0;
}
