// race_reclaimed_subtree.c -- a race with a task whose subtree was reclaimed.
//
// Task A runs a binary tree of tasks, six levels deep, each inner task waiting for its
// two children; the 64 leaves write one element of data[] each. Task B, A's sibling,
// reads all of data[] after a pause, so that (in most schedules) A's tree has ended and
// its creators' taskwaits have given its nodes back (ospg.h, RECLAIMING): the leaves'
// strands are then read as A's. B's reads still race with the leaves' writes: one
// write/read report, in both modes, whatever the schedule. Which element is reported
// first, and how the write's task is described, depend on whether the tree's nodes
// were gone when B read: a reclaimed leaf is described as task A itself (created at
// line 38, a sibling of B), a live one as the leaf task (line 27, a descendant of A).
//
// MODES: fast precise
// OPTIONS: reclaim_ospg=1
// EXPECT: race
#include <stdio.h>
#include <unistd.h>

int data[64];

static void tree(int depth, int id) {
  if (depth == 0) {
    data[id - 64] = id;
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
#pragma omp task shared(sum)
    {
      usleep(100000);
      for (int i = 0; i < 64; i++)
        sum += data[i];
    }
#pragma omp taskwait
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_reclaimed_subtree.c:[[@LINE-26]]:{{[0-9]+}} in tree (explicit task created at {{(.*/)?}}race_reclaimed_subtree.c:{{27|38}})
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_reclaimed_subtree.c:[[@LINE-6]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_reclaimed_subtree.c:[[@LINE-10]])
  // CHECK-NEXT: ==ompracer==   location: global 'data' of 256 bytes, declared at {{(.*/)?}}race_reclaimed_subtree.c:19 (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: {{sibling tasks created at .*race_reclaimed_subtree.c:38 and .*race_reclaimed_subtree.c:40|the task created at .*race_reclaimed_subtree.c:38 runs in parallel with what its creator does after creating it}}{{.*}}
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  // PRECISE: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}race_reclaimed_subtree.c:[[@LINE-32]]:{{[0-9]+}} in tree (explicit task created at {{(.*/)?}}race_reclaimed_subtree.c:{{27|38}})
  // PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}race_reclaimed_subtree.c:[[@LINE-12]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_reclaimed_subtree.c:[[@LINE-16]])
  // PRECISE-NEXT: ==ompracer==   location: global 'data' of 256 bytes, declared at {{(.*/)?}}race_reclaimed_subtree.c:19 (offset {{[0-9]+}})
  // PRECISE-NEXT: ==ompracer==   why: {{sibling tasks created at .*race_reclaimed_subtree.c:38 and .*race_reclaimed_subtree.c:40|the task created at .*race_reclaimed_subtree.c:38 runs in parallel with what its creator does after creating it}}{{.*}}
  // PRECISE: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("sum %s\n", sum >= 0 ? "ok" : "?");
  return 0;
}
