// norace_cutoff_taskwait.c -- a tree recursion that makes tasks only above a cutoff
// depth and waits for them under a second test of the same cutoff (BOTS' manual
// cutoff idiom). Each call writes its own node after its children are done, reading
// theirs: above the cutoff the taskwait orders them, below it the calls are serial.
//
// The pass finds that every task waits for its children here (the two tests agree,
// tests/integration/pass_stats/task_nesting_cutoff.c), so the default mode runs at fast
// mode's cost, and the runtime's watch on that claim must stay quiet: a run that
// reported the gap (exit code 67) would fail the exit code check. No race.
// (race_cutoff_taskwait.c includes this program with a racy COUNT_CALL.)
//
// EXPECT: norace
// MODES: fast precise
// CHECK-NOT: ==ompracer==
#include <stdio.h>
#include <stdlib.h>

#ifndef COUNT_CALL
#define COUNT_CALL (void)0
#endif

struct node {
  int depth;
  long sum;
  struct node *left, *right;
};

int cutoff = 3;

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
  COUNT_CALL;
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
