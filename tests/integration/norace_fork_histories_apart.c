// norace_fork_histories_apart.c -- after fork(), parent and child keep histories apart.
//
// Before the fork, one thread of a region writes `z`, so its shadow exists in both
// processes. After it, the parent's region writes `z` from thread 0, and only then
// (a pipe orders it) the child's region writes `z` from thread 1. Each process wrote
// `z` from one thread per region, with a barrier before the next region: no race in
// either. The shadow is shared memory (the runtime maps it so for speed); a child
// that did not map its own would find the parent's post-fork write, made by a strand
// whose node number the child reuses for its own thread 0, and report a false race.
//
// EXPECT: norace
// MODES: fast precise
#include <omp.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int z;

static void write_from(int thread, int value) {
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == thread)
      z = value;
  }
}

int main(void) {
  int order[2];
  if (pipe(order) != 0)
    return 1;
  write_from(0, 1);
  fflush(stdout);
  pid_t child = fork();
  if (child == 0) {
    char go;
    if (read(order[0], &go, 1) != 1)
      return 1;
    write_from(1, 3);
    printf("child: z=%d\n", z);
    return 0;
  }
  write_from(0, 2);
  if (write(order[1], "g", 1) != 1)
    return 1;
  int status = 0;
  waitpid(child, &status, 0);
  printf("parent: z=%d, child exit %d\n", z, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  return 0;
}
// CHECK-NOT: ==ompracer==
