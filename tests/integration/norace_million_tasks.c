// norace_million_tasks.c -- 1 000 000 tasks in one parallel region.
//
// A single thread creates 1 000 000 sibling tasks; each writes its own out[i],
// then one taskwait joins them all and the creator reads every element back.
// Each task is a node (and a strand) of the series-parallel graph, so this checks
// that the OSPG arena, the task bookkeeping and the shadow memory take a region of
// this size within their default limits (an arena or shadow limit that is too
// small ends with exit code 67, which fails this test; it needs 3 to 5 million
// nodes). libomp runs a task at once when its creator's queue is full, so they are
// not all pending together; each is still a task of its own to the tool. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#define NT 1000000
static int out[NT];

int main(void) {
  long sum = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < NT; i++) {
#pragma omp task firstprivate(i)
      out[i] = i % 7;
    }
#pragma omp taskwait
    for (int i = 0; i < NT; i++)
      sum += out[i];
  }
  printf("sum=%ld\n", sum);
  return sum == 142857L * 21 ? 0 : 1; // 142857 full cycles of 0+1+...+6
}
