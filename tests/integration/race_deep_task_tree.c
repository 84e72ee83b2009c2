// race_deep_task_tree.c -- a race between two tasks far apart in a deep task tree.
//
// walk(d) creates walk(d - 1) and a leaf task leaf(d), then waits for both: a
// recursion 300 levels deep (600 tasks), each level's OSPG a task node and a
// children group below the one above, like BOTS uts. leaf(MID) writes `shared`;
// leaf(3), about 150 levels further down inside walk(MID - 1), reads it. walk(MID - 1)
// runs in parallel with leaf(MID) (both children of walk(MID), joined by one
// taskwait), so the two accesses race, although their least common ancestor lies
// about 150 levels above the reader: one write/read report. Every other leaf writes
// its own out[d]; walk(d) reads out[d] after its taskwait (ordered: no report).
//
// EXPECT: race
// MODES: fast precise
#include <stdio.h>

#define DEPTH 300
#define MID 150

static int out[DEPTH + 1];
int shared;
int seen; // global: the read of shared is kept at -O2

static void leaf(int d) {
  if (d == MID)
    shared = 42;
  else if (d == 3)
    seen = shared;
  else
    out[d] = d % 7;
}

static void walk(int d) {
  if (d == 0)
    return;
#pragma omp task firstprivate(d)
  walk(d - 1);
#pragma omp task firstprivate(d)
  leaf(d);
#pragma omp taskwait
  out[d] += 1;
}

int main(void) {
#pragma omp parallel
#pragma omp single
  walk(DEPTH);
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_deep_task_tree.c:[[@LINE-23]]:{{[0-9]+}} in leaf (explicit task created at {{(.*/)?}}race_deep_task_tree.c:[[@LINE-11]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_deep_task_tree.c:[[@LINE-22]]:{{[0-9]+}} in leaf (explicit task created at {{(.*/)?}}race_deep_task_tree.c:[[@LINE-12]])
  // CHECK-NEXT: ==ompracer==   location: global 'shared' of 4 bytes, declared at {{(.*/)?}}race_deep_task_tree.c:[[@LINE-30]]
  // CHECK-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}race_deep_task_tree.c:[[@LINE-16]] runs in parallel with what its creator does after creating it: no taskwait, taskgroup or dependence orders them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  long sum = 0;
  for (int d = 1; d <= DEPTH; d++)
    sum += out[d];
  printf("sum=%ld\n", sum);
  return 0;
}
