// norace_free_in_task_continuation.c -- a block freed by a task is allocated
// again by its creator's continuation and by a later sibling task.
//
// In each round the creator (the single's implicit task) creates a task that
// mallocs a block, fills it, sums it and frees it; then, without waiting, the
// creator's continuation mallocs a block of the same size, fills and frees it,
// and creates a second task that does the same once more. All three are
// logically parallel (nothing orders a task before its creator's continuation or
// before a later sibling), and whenever the first task ran before the
// continuation on the same thread (always at one thread, where tasks run when
// they are created, and often otherwise) the allocator gives the continuation,
// and then the second task, the block the first task freed. If that block kept
// the freed one's history, their writes would be reported against the first
// task's. Memory returned by malloc is a new object. Every result goes to its
// own slot of out. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>
#include <stdlib.h>

#define ROUNDS 30
#define LEN 48
int out[ROUNDS][3];

__attribute__((noinline)) static int use_block(int v) {
  int *b = malloc(LEN * sizeof(int));
  if (!b)
    return 0;
  for (int k = 0; k < LEN; k++)
    b[k] = v + k;
  int s = 0;
  for (int k = 0; k < LEN; k++)
    s += b[k];
  free(b);
  return s;
}

int main(void) {
#pragma omp parallel
#pragma omp single
  {
    for (int r = 0; r < ROUNDS; r++) {
#pragma omp task firstprivate(r)
      out[r][0] = use_block(r);
      out[r][1] = use_block(r + 1); // the continuation, parallel with the task
#pragma omp task firstprivate(r)
      out[r][2] = use_block(r + 2);
    }
  }
  long total = 0;
  for (int r = 0; r < ROUNDS; r++)
    total += out[r][0] + out[r][1] + out[r][2];
  printf("sum=%ld\n", total);
  return 0;
}
