// norace_deep_task_tree.c -- the no-race twin of race_deep_task_tree.c.
//
// The same recursion 300 levels deep (600 tasks): walk(d) creates walk(d - 1) and
// a leaf task leaf(d), then waits for both. Each leaf writes its own val[d] (leaf(MID)
// as there), and walk(d) reads val[d] after its taskwait, which waited for leaf(d): in
// series. The deep leaf leaf(3) reads `far`, which only walk(DEPTH) wrote, before
// creating any task. (A conditional read of one global by walk(MID) would not do: at
// -O2 clang reads it in every walk(d), speculatively, and that read races.) Both
// queries meet least common ancestors a hundred levels and more above one of the
// strands; each leaf task's taskwait closes no children group.
//
// EXPECT: norace
// MODES: fast precise
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#define DEPTH 300
#define MID 150

static int out[DEPTH + 1];
int val[DEPTH + 1];
int far;
int seen; // globals: the reads are kept at -O2

static void leaf(int d) {
  val[d] = d == MID ? 42 : d % 7;
  if (d == 3)
    seen = far;
#pragma omp taskwait
}

static void walk(int d) {
  if (d == 0)
    return;
  if (d == DEPTH)
    far = 7;
#pragma omp task firstprivate(d)
  walk(d - 1);
#pragma omp task firstprivate(d)
  leaf(d);
#pragma omp taskwait
  out[d] += val[d];
}

int main(void) {
#pragma omp parallel
#pragma omp single
  walk(DEPTH);
  long sum = 0;
  for (int d = 1; d <= DEPTH; d++)
    sum += out[d];
  printf("sum=%ld seen=%d\n", sum, seen);
  return 0;
}
