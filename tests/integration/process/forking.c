// forking.c -- the program of log_path.sh and merge_logs.sh (not a run_test.sh test).
//
// Prints its pid, then runs a region that races on `x`. With the argument `fork`
// it then forks: the child runs the same racy function again (the same pair of
// sites as the parent's report) and a region that races on `y`; the parent waits
// for it and prints the child's pid and exit code.
#include <omp.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int x, y;

static void race_on_x(void) {
#pragma omp parallel num_threads(2)
  {
    x = 1;
  }
}

int main(int argc, char **argv) {
  printf("pid %d\n", (int)getpid());
  fflush(stdout);
  race_on_x();
  if (argc > 1 && !strcmp(argv[1], "fork")) {
    pid_t child = fork();
    if (child == 0) {
      race_on_x();
#pragma omp parallel num_threads(2)
      {
        y = 1;
      }
      return 0;
    }
    int status = 0;
    waitpid(child, &status, 0);
    printf("child %d exited with %d\n", (int)child, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  }
  return 0;
}
