// incomplete_cutoff_changed_by_call.c -- the limit of the pass's reading of two tests
// of one cutoff condition (pass/ConditionKeys.h): it takes the second test to go the
// way the first went unless the function itself stores to what they load. Here a call
// between the two tests lowers the root's cutoff, so the root's task makes its children
// and then skips the taskwait: it ends with children unwaited although the pass said
// that every task waits.
//
// The runtime watches that claim (runtime/task_nesting.h): when the root's task ends,
// it must say that the assumption failed and mark the run incomplete (accesses that
// precise mode dropped while it held may be missing). The children write only their
// own nodes, which main reads after the region's barrier: no race, so the exit code
// is 67 (incomplete_exitcode). Fast mode relies on no such claim: precise (and the
// default) mode only.
//
// EXPECT: incomplete
// MODES: precise
// CHECK: ==ompracer== ERROR: a task ended without waiting for its child tasks, although the compiler pass found that every task waits for its children {{.*}}
// CHECK: ==ompracer== SUMMARY: 0 data race(s) reported; checking was incomplete (see the ERROR above), so races may have been missed
#include <stdio.h>
#include <stdlib.h>

struct node {
  int depth, cutoff; // each node's own cutoff: only its own call reads it
  long sum;
  struct node *left, *right;
};

static struct node *build(int depth, int max) {
  if (depth == max)
    return NULL;
  struct node *n = calloc(1, sizeof *n);
  n->depth = depth;
  n->cutoff = 3;
  n->left = build(depth + 1, max);
  n->right = build(depth + 1, max);
  return n;
}

// Out of line, so that the store is not the visiting function's own at -O2.
__attribute__((noinline)) static void lower_cutoff_at_root(struct node *n) {
  if (n->depth == 0)
    n->cutoff = 0;
}

static void visit(struct node *n) {
  if (!n)
    return;
  if (n->depth < n->cutoff) {
#pragma omp task
    visit(n->left);
#pragma omp task
    visit(n->right);
  } else {
    visit(n->left);
    visit(n->right);
  }
  lower_cutoff_at_root(n);
  if (n->depth < n->cutoff) {
#pragma omp taskwait
  }
  n->sum = 1;
}

int main(void) {
  struct node *root = build(0, 5);
  long sum = 0;
#pragma omp parallel
#pragma omp single
  {
    // A waited task first: the claim is relied on from the first taskwait.
#pragma omp task
    sum = 0;
#pragma omp taskwait
#pragma omp task
    visit(root);
  }
  printf("root=%ld sum=%ld\n", root->sum, sum);
  return 0;
}
