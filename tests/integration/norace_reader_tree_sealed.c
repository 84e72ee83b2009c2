// norace_reader_tree_sealed.c -- readers in a tree of tasks with fully nested
// taskwaits are all ordered before what follows the outermost taskwait.
//
// A binary tree of tasks, four levels deep, every leaf reading all of in[] (the reads
// of one element are parallel: precise mode keeps an entry per task group on the
// readers' paths). Every task waits for its children, so each finished subtree is
// folded into the group above it (history_precise.c, "Folding"), and main's writes
// after the outermost taskwait race with none of the reads. The counterpart of
// race_escaping_reader_among_sealed.c.
// No race, at any thread count, in every mode.
//
// EXPECT: norace
// MODES: fast precise
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#define N 64
int in[N];
long out[16];

static void leaf(int id) {
  long s = 0;
  for (int i = 0; i < N; i++)
    s += in[i];
  out[id % 16] = s;
}

static void tree(int depth, int id) {
  if (depth == 0) {
    leaf(id);
    return;
  }
  for (int k = 0; k < 2; k++) {
#pragma omp task
    tree(depth - 1, 2 * id + k);
  }
#pragma omp taskwait
}

int main(void) {
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task
    tree(4, 1);
#pragma omp taskwait
    for (int i = 0; i < N; i++)
      in[i] = i;
  }
  printf("done\n");
  return 0;
}
