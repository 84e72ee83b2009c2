// race_posix_memalign_block.c -- a real race on a block from posix_memalign, while
// its owner is live, in blocks that the allocator hands from task to task.
//
// Each of several sibling tasks takes a block from posix_memalign (returned
// through the first argument), creates two child tasks that both write its
// first int, waits for them and frees the block. The two children of one task
// are logically parallel and the block is live while they run: a write/write
// race, reported once for the pair of sites, on the block named by its
// allocation site. Later tasks get the freed blocks again (the blocks are new
// objects then, so nothing else is reported). A block from aligned_alloc, shared
// by two sibling tasks that both write its second int, races the same
// way.
//
// EXPECT: race
#include <stdio.h>
#include <stdlib.h>

#define NT 16
int out[NT];

int main(void) {
  int *shared = aligned_alloc(64, 64 * sizeof(int));
  if (!shared)
    return 1;
  shared[1] = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < NT; i++) {
#pragma omp task firstprivate(i)
      {
        void *p = NULL;
        if (posix_memalign(&p, 64, 64 * sizeof(int)) == 0) {
          int *b = p;
#pragma omp task firstprivate(b, i)
          b[0] = i;
#pragma omp task firstprivate(b, i)
          b[0] = i + 1;
#pragma omp taskwait
          out[i] = 1;
          free(p);
        }
      }
    }
#pragma omp task
    shared[1] = 1;
#pragma omp task
    shared[1] = 2;
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_posix_memalign_block.c:[[@LINE-15]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_posix_memalign_block.c:[[@LINE-16]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_posix_memalign_block.c:[[@LINE-14]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_posix_memalign_block.c:[[@LINE-15]])
  // CHECK-NEXT: ==ompracer==   location: heap block of 256 bytes allocated at {{(.*/)?}}race_posix_memalign_block.c:[[@LINE-20]] in main (offset 0)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_posix_memalign_block.c:[[@LINE-19]] and {{(.*/)?}}race_posix_memalign_block.c:[[@LINE-17]] with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_posix_memalign_block.c:[[@LINE-10]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_posix_memalign_block.c:[[@LINE-11]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_posix_memalign_block.c:[[@LINE-9]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_posix_memalign_block.c:[[@LINE-10]])
  // CHECK-NEXT: ==ompracer==   location: heap block of 256 bytes allocated at {{(.*/)?}}race_posix_memalign_block.c:[[@LINE-36]] in main (offset 4)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_posix_memalign_block.c:[[@LINE-14]] and {{(.*/)?}}race_posix_memalign_block.c:[[@LINE-12]] with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  int done = 0;
  for (int i = 0; i < NT; i++)
    done += out[i];
  printf("tasks=%d\n", done);
  free(shared);
  return 0;
}
