// race_cutoff_taskwait.c -- norace_cutoff_taskwait.c with one race: every call counts
// itself in a shared counter without synchronisation. Above the cutoff the calls are
// tasks, parallel with each other and with their creators' code before the taskwait,
// so the counter's update races with itself: a read/write and a write/write report,
// whether or not the observed schedule interleaved the tasks (which tasks the lines
// name, and so the why line, depend on the schedule). With every task waiting for its
// children (the pass follows the two tests of the cutoff) the default mode reports
// what precise mode does, and the run is complete.
//
// EXPECT: race
// MODES: fast precise
#include <stdio.h>
#include <stdlib.h>

struct node {
  int depth;
  long sum;
  struct node *left, *right;
};

int cutoff = 3;
long calls;

static struct node *build(int depth, int max) {
  if (depth == max)
    return NULL;
  struct node *n = calloc(1, sizeof *n);
  n->depth = depth;
  n->left = build(depth + 1, max);
  n->right = build(depth + 1, max);
  return n;
}

static long value(const struct node *n) { return n ? n->sum : 0; }

static void visit(struct node *n) {
  if (!n)
    return;
  if (n->depth < cutoff) {
#pragma omp task
    visit(n->left);
#pragma omp task
    visit(n->right);
  } else {
    visit(n->left);
    visit(n->right);
  }
  if (n->depth < cutoff) {
#pragma omp taskwait
  }
  n->sum = 1 + value(n->left) + value(n->right);
  calls++;
}

int main(void) {
  struct node *root = build(0, 7);
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    visit(root);
#pragma omp taskwait
  }
  printf("nodes=%ld\n", root->sum);
  return 0;
}

// CHECK: ==ompracer== WARNING: data race (read/write) on 8 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_cutoff_taskwait.c:52:{{[0-9]+}} in visit (explicit task created at {{(.*/)?}}race_cutoff_taskwait.c:{{40|42|60}})
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_cutoff_taskwait.c:52:{{[0-9]+}} in visit (explicit task created at {{(.*/)?}}race_cutoff_taskwait.c:{{40|42|60}})
// CHECK-NEXT: ==ompracer==   location: global 'calls' of 8 bytes, declared at {{(.*/)?}}race_cutoff_taskwait.c:22
// CHECK-NEXT: ==ompracer==   why: {{.*}}
// CHECK: ==ompracer== WARNING: data race (write/write) on 8 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_cutoff_taskwait.c:52:{{[0-9]+}} in visit (explicit task created at {{(.*/)?}}race_cutoff_taskwait.c:{{40|42|60}})
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_cutoff_taskwait.c:52:{{[0-9]+}} in visit (explicit task created at {{(.*/)?}}race_cutoff_taskwait.c:{{40|42|60}})
// CHECK-NEXT: ==ompracer==   location: global 'calls' of 8 bytes, declared at {{(.*/)?}}race_cutoff_taskwait.c:22
// CHECK-NEXT: ==ompracer==   why: {{.*}}
// CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
