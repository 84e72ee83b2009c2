// race_held_ranges.c -- the held test of ranges (runtime/history_held.h): a range of
// chars whose bytes the strand already holds is skipped before the history, but only
// when every byte of it is held. Task A writes bytes 0-5 of a board one at a time (so
// their granules are split into per-byte slots), reads them twice (the second time
// held), then reads bytes 0-7 from another site: bytes 0-5 are held (a read at another
// site only renames an entry), bytes 6 and 7 are new and must be checked. Its sibling
// B writes byte 7: one race, with the 8-byte copy. A test that skipped the 8-byte copy
// for its first bytes' sake would miss it whichever task runs first.
//
// EXPECT: race
#include <stdio.h>
#include <string.h>

char board[16];
char seen[3][16];

__attribute__((noinline)) static void copy_some(char *dst, const char *src, size_t n) {
  memcpy(dst, src, n);
}
__attribute__((noinline)) static void copy_more(char *dst, const char *src, size_t n) {
  memcpy(dst, src, n);
}
__attribute__((noinline)) static void set(char *p, char c) {
  *p = c;
}

int main(int argc, char **argv) {
  (void)argv;
  size_t some = 5 + (size_t)argc, more = 7 + (size_t)argc; /* 6 and 8, unknown to the pass */
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    {
      for (int k = 0; k < 6; k++)
        set(&board[k], (char)('a' + k));
      copy_some(seen[0], board, some);
      copy_some(seen[1], board, some);
      copy_more(seen[2], board, more);
    }
#pragma omp task
    set(&board[7], 'x');
  }
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 1 byte at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_held_ranges.c:{{21|24}}:{{[0-9]+}} in {{copy_more|set}} (explicit task created at {{(.*/)?}}race_held_ranges.c:{{33|41}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_held_ranges.c:{{21|24}}:{{[0-9]+}} in {{copy_more|set}} (explicit task created at {{(.*/)?}}race_held_ranges.c:{{33|41}})
  // CHECK-NEXT: ==ompracer==   location: global 'board' of 16 bytes, declared at {{(.*/)?}}race_held_ranges.c:14 (offset 7)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_held_ranges.c:33 and {{(.*/)?}}race_held_ranges.c:41 with no dependence between them{{.*}}
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("%.6s %.6s %.6s\n", seen[0], seen[1], seen[2]);
  return 0;
}
