// race_fork_overflow_apart.c -- after fork(), parent and child keep slot overflows apart.
//
// A slot's second read lives in an overflow entry of its shadow leaf, numbered from a
// count of the leaf's; leaves are shared memory (the runtime maps them so), and the
// forked child replaces each by an empty one, count included. After the fork, the
// parent's two reading tasks give each granule of `a` a read pair (the second read in
// an entry); while the parent waits, the child's two give each granule of `b` (same
// leaf) one, numbered from the same start. Back in the parent, a third task writes
// `a`, parallel with both readers: the parent reports races with both, naming its own
// two reading lines (a child writing into its parent's leaf would have put its reads
// of `b` in place of the parent's second reads). The child's reads race with nothing.
// Pipes order the steps without telling OpenMP: the task that creates the others
// waits until both readers have read.
//
// EXPECT: race
// MODES: fast precise
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#define N 64
int a[N], b[N];
long sums[4];

/* Both reading tasks of v, each saying on `done` when it has read. */
static void read_twice(const int *v, long *out, const int done[2]) {
#pragma omp task
  {
    long s = 0;
    for (int i = 0; i < N; i++)
      s += v[i];
    out[0] = s;
    if (write(done[1], "r", 1) != 1)
      out[0] = -1;
  }
#pragma omp task
  {
    long s = 0;
    for (int i = 0; i < N; i++)
      s += v[i];
    out[1] = s;
    if (write(done[1], "r", 1) != 1)
      out[1] = -1;
  }
  char c[2];
  if (read(done[0], c, 1) != 1 || read(done[0], c + 1, 1) != 1)
    out[0] = -1;
}

int main(void) {
  int order[2], done[2];
  if (pipe(order) != 0 || pipe(done) != 0)
    return 1;
  fflush(stdout);
  pid_t child = fork();
  if (child == 0) {
    char go;
    if (read(order[0], &go, 1) != 1)
      return 1;
#pragma omp parallel num_threads(2)
#pragma omp single
    read_twice(b, sums + 2, done);
    printf("child: %ld %ld\n", sums[2], sums[3]);
    return 0;
  }
  int status = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    read_twice(a, sums, done);
    if (write(order[1], "g", 1) == 1)
      waitpid(child, &status, 0);
#pragma omp task
    for (int i = 0; i < N; i++)
      a[i] = i;
  }
  printf("parent: %ld %ld, child exit %d\n", sums[0], sums[1],
         WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  return 0;
}
// Report blocks are compared sorted, so the line-31 reader's comes first.
// CHECK: ==ompracer==[pid [[PARENT:[0-9]+]]] WARNING: data race (read/write) on {{[0-9]+}} bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==[pid [[PARENT]]]   read at {{(.*/)?}}race_fork_overflow_apart.c:31:{{[0-9]+}} in read_twice (explicit task created at {{(.*/)?}}race_fork_overflow_apart.c:27)
// CHECK-NEXT: ==ompracer==[pid [[PARENT]]]   write at {{(.*/)?}}race_fork_overflow_apart.c:75:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_fork_overflow_apart.c:73)
// CHECK-NEXT: ==ompracer==[pid [[PARENT]]]   location: global 'a' of 256 bytes, declared at {{(.*/)?}}race_fork_overflow_apart.c:22{{( \(offset [0-9]+\))?}}
// CHECK-NEXT: ==ompracer==[pid [[PARENT]]]   why: sibling tasks created at {{(.*/)?}}race_fork_overflow_apart.c:27 and {{(.*/)?}}race_fork_overflow_apart.c:73 with no dependence between them{{.*}}
// CHECK-NEXT: ==ompracer==[pid [[PARENT]]] WARNING: data race (read/write) on {{[0-9]+}} bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==[pid [[PARENT]]]   read at {{(.*/)?}}race_fork_overflow_apart.c:40:{{[0-9]+}} in read_twice (explicit task created at {{(.*/)?}}race_fork_overflow_apart.c:36)
// CHECK-NEXT: ==ompracer==[pid [[PARENT]]]   write at {{(.*/)?}}race_fork_overflow_apart.c:75:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_fork_overflow_apart.c:73)
// CHECK-NEXT: ==ompracer==[pid [[PARENT]]]   location: global 'a' of 256 bytes, declared at {{(.*/)?}}race_fork_overflow_apart.c:22{{( \(offset [0-9]+\))?}}
// CHECK-NEXT: ==ompracer==[pid [[PARENT]]]   why: sibling tasks created at {{(.*/)?}}race_fork_overflow_apart.c:36 and {{(.*/)?}}race_fork_overflow_apart.c:73 with no dependence between them{{.*}}
// CHECK-NEXT: ==ompracer==[pid [[PARENT]]] SUMMARY: 2 data race(s) reported
