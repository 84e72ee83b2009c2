// norace_abort_in_parallel.c -- abort() inside a parallel region.
//
// One thread aborts while the others keep working in the region. abort() runs no
// exit handler, so the tool cannot print a summary (a race it had found would
// already be on stderr: reports are printed as they are found); it must not hang
// or crash either: the program dies of SIGABRT, as the native one does. No race,
// so nothing is printed. (No core file: the program sets RLIMIT_CORE to 0.)
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

int a[4096];

int main(void) {
  struct rlimit no_core = {0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
  printf("aborting\n");
  fflush(stdout);
#pragma omp parallel num_threads(4)
  {
    int t = omp_get_thread_num();
    if (t == 1)
      abort();
    for (int r = 0; r < 200; r++)
      for (int i = t; i < 4096; i += 4)
        a[i] += r;
  }
  printf("not reached\n");
  return 0;
}
