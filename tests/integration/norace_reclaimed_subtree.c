// norace_reclaimed_subtree.c -- strands of reclaimed subtrees keep their order.
//
// Task A runs a binary tree of tasks, six levels deep, each inner task waiting for its
// two children; the 64 leaves write one element of data[] each. The creator waits for
// A, then reads data[] and makes task B, which writes it: both are ordered after every
// leaf. By then the taskwaits have given the tree's nodes back (ospg.h, RECLAIMING) and
// the leaves' strands are read as A's: no report. A second round in a loop of 50 (a
// task that makes tasks and waits in each step) gives back the continuation strands
// of each step too, and still nothing races.
//
// MODES: fast precise
// OPTIONS: reclaim_ospg=1
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>

int data[64];
long sums[50];

static void tree(int depth, int id) {
  if (depth == 0) {
    data[id - 64] += id;
    return;
  }
  for (int k = 0; k < 2; k++) {
#pragma omp task
    tree(depth - 1, 2 * id + k);
  }
#pragma omp taskwait
}

int main(void) {
  long sum = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task
    tree(6, 1);
#pragma omp taskwait
    for (int i = 0; i < 64; i++)
      sum += data[i];
#pragma omp task
    for (int i = 0; i < 64; i++)
      data[i] = 0;
#pragma omp taskwait
#pragma omp task
    for (int step = 0; step < 50; step++) {
      for (int k = 0; k < 4; k++) {
#pragma omp task
        tree(3, 8 + k * 2 + (step & 1));
      }
#pragma omp taskwait
      for (int i = 0; i < 64; i++)
        sums[step] += data[i];
    }
#pragma omp taskwait
  }
  printf("sum %ld %ld\n", sum, sums[49]);
  return 0;
}
