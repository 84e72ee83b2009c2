// race_fork_child_race.c -- fork() after a race; the child runs a racy region.
//
// The parent's region races on `x` before the fork. The child runs a region of
// its own that races on `y`: it reports that race (and not the parent's), each of
// its lines naming its pid, then its own summary (1 race), and exits with the race
// exit code, 66. The parent, from the fork on, names its pid too; its summary
// counts its own race only. Under the tool the child must exit with 66, natively
// with 0: the parent prints whether the code is the one expected, so that stdout
// is the same in both runs. Both processes print their pid on stderr so that the
// CHECK lines can tell whose lines are whose.
//
// EXPECT: race
// MODES: fast precise
#include <dlfcn.h>
#include <omp.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int x, y;

int main(void) {
#pragma omp parallel num_threads(2)
  {
    x = 1;
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_fork_child_race.c:[[@LINE-3]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_fork_child_race.c:[[@LINE-5]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_fork_child_race.c:[[@LINE-4]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_fork_child_race.c:[[@LINE-6]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}race_fork_child_race.c:[[@LINE-10]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_fork_child_race.c:[[@LINE-8]], with no barrier between them
  fflush(stdout);
  pid_t child = fork();
  if (child == 0) {
    fprintf(stderr, "child pid %d\n", (int)getpid());
#pragma omp parallel num_threads(2)
    {
      y = 1;
    }
    // CHECK: ==ompracer==[pid [[CHILD:[0-9]+]]] WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
    // CHECK-NEXT: ==ompracer==[pid [[CHILD]]]   write at {{(.*/)?}}race_fork_child_race.c:[[@LINE-3]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_fork_child_race.c:[[@LINE-5]])
    // CHECK-NEXT: ==ompracer==[pid [[CHILD]]]   write at {{(.*/)?}}race_fork_child_race.c:[[@LINE-4]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_fork_child_race.c:[[@LINE-6]])
    // CHECK-NEXT: ==ompracer==[pid [[CHILD]]]   location: global 'y' of 4 bytes, declared at {{(.*/)?}}race_fork_child_race.c:[[@LINE-23]]
    // CHECK-NEXT: ==ompracer==[pid [[CHILD]]]   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_fork_child_race.c:[[@LINE-8]], with no barrier between them
    // CHECK-NEXT: ==ompracer==[pid [[CHILD]]] SUMMARY: 1 data race(s) reported
    // CHECK-NEXT: ==ompracer==[pid [[PARENT:[0-9]+]]] SUMMARY: 1 data race(s) reported
    // CHECK: child pid [[CHILD]]
    // CHECK: parent pid [[PARENT]]
    printf("child: y=%d\n", y);
    return 0;
  }
  int status = 0;
  waitpid(child, &status, 0);
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  // The tool's race exit code under the tool, the program's own natively.
  int expected = dlsym(RTLD_DEFAULT, "__ompracer_read4") ? 66 : 0;
  printf("child exit code %s\n", code == expected ? "as expected" : "NOT as expected");
  fprintf(stderr, "child exit code %d, parent pid %d\n", code, (int)getpid());
  return 0;
}
