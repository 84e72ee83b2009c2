// norace_confined_board_tasks.c -- BOTS floorplan's shape: a recursive task search in
// which every task copies its parent's board into a local one and passes it to
// helpers.
//
// Each task of search() declares its own `board`, copies the parent's board (shared
// with its children, which read it while the parent waits) into it and changes it
// through place() and score(), which keep no copy of the pointer. Such a local is
// confined to its task (runtime/confined.h) until search() passes it on to its
// children's tasks. The best score is kept under a critical section. Sibling tasks
// reuse each other's stack addresses. No race (fast mode may report false races
// under critical sections: precise mode only).
//
// EXPECT: norace
// MODES: precise
// CHECK-NOT: ==ompracer==
#include <stdio.h>
#include <string.h>

#define CELLS 64
#define DEPTH 4
#define FANOUT 3

static int best = 1 << 30;

__attribute__((noinline)) static void place(char *b, int pos, int v) {
  for (int k = 0; k < 3; k++)
    b[(pos + k) % CELLS] = (char)v;
}

__attribute__((noinline)) static int score(const char *b) {
  int s = 0;
  for (int i = 0; i < CELLS; i++)
    s += b[i] * (i % 5);
  return s;
}

__attribute__((noinline)) static int scratch(const char *b, int pos) {
  char tmp[CELLS];
  memcpy(tmp, b, sizeof tmp);
  place(tmp, pos + 7, 9);
  return score(tmp);
}

static void search(const char *parent, int pos, int depth) {
  for (int i = 0; i < FANOUT; i++) {
#pragma omp task firstprivate(i) shared(parent)
    {
      char board[CELLS];
      memcpy(board, parent, sizeof board);
      place(board, pos + 5 * i, depth + 1);
      int s = score(board) + scratch(board, pos + i);
      if (depth + 1 < DEPTH) {
        search(board, (pos + 11 * i) % CELLS, depth + 1);
      } else {
#pragma omp critical
        if (s < best)
          best = s;
      }
    }
  }
#pragma omp taskwait
}

int main(void) {
  char board[CELLS];
  memset(board, 0, sizeof board);
#pragma omp parallel
#pragma omp single
  search(board, 0, 0);
  printf("best=%d\n", best);
  return 0;
}
