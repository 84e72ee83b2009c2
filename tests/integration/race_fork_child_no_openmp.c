// race_fork_child_no_openmp.c -- fork() after a race; the child runs no OpenMP.
//
// The parent's region races on `x` (every implicit task writes it) and the report
// is printed before the fork. The child inherits none of it: it finds no race of
// its own, so it prints nothing (no summary) and exits with its own code, 7, which
// the parent prints (the native run prints the same). From the fork on, the parent
// names its pid on each line it prints: its summary counts its own race only. The
// program prints the parent's pid on stderr so that the CHECK lines can tell.
//
// EXPECT: race
// MODES: fast precise
#include <omp.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int x;

int main(void) {
#pragma omp parallel num_threads(2)
  {
    x = 1;
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_fork_child_no_openmp.c:[[@LINE-3]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_fork_child_no_openmp.c:[[@LINE-5]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_fork_child_no_openmp.c:[[@LINE-4]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_fork_child_no_openmp.c:[[@LINE-6]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}race_fork_child_no_openmp.c:[[@LINE-10]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_fork_child_no_openmp.c:[[@LINE-8]], with no barrier between them
  // CHECK: ==ompracer==[pid [[PARENT:[0-9]+]]] SUMMARY: 1 data race(s) reported
  // CHECK: parent pid [[PARENT]]
  fflush(stdout);
  pid_t child = fork();
  if (child == 0) {
    printf("child: x=%d\n", x);
    return 7;
  }
  int status = 0;
  waitpid(child, &status, 0);
  printf("child exited with %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  fprintf(stderr, "parent pid %d\n", (int)getpid());
  return 0;
}
