// norace_cpp_sized_delete_reuse.cpp -- sibling tasks get the same heap blocks from
// new and new[] after sized delete and delete[].
//
// Every task creates an object with new and an array of objects with new[]
// (a class with a destructor, so new[] stores the element count in front of the
// elements), fills both through pointers, sums them and destroys them with
// delete and delete[], which clang 19 compiles to the sized operator delete
// (operator delete(void *, size_t) and operator delete[](void *, size_t)). The
// allocator hands the blocks freed by one task to the next task that runs on the
// same thread, although the two tasks are logically parallel: if a block kept
// the freed one's history, the second task's writes would be reported against
// the first task's. Each task writes its own out[i]. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <cstdio>

#define NT 40
#define LEN 16
int out[NT];

struct Cell {
  int v[4];
  ~Cell() { v[0] = 0; } // a destructor: new[] keeps a cookie, delete[] is sized
};

__attribute__((noinline)) static void fill(Cell *c, int n, int v) {
  for (int k = 0; k < n; k++)
    for (int j = 0; j < 4; j++)
      c[k].v[j] = v * k + j;
}

__attribute__((noinline)) static int sum(const Cell *c, int n) {
  int s = 0;
  for (int k = 0; k < n; k++)
    for (int j = 0; j < 4; j++)
      s += c[k].v[j];
  return s;
}

int main() {
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < NT; i++) {
#pragma omp task firstprivate(i)
      {
        Cell *one = new Cell;
        Cell *many = new Cell[LEN];
        fill(one, 1, i);
        fill(many, LEN, i);
        out[i] = sum(one, 1) + sum(many, LEN);
        delete one;
        delete[] many;
      }
    }
  }
  long total = 0;
  for (int i = 0; i < NT; i++)
    total += out[i];
  std::printf("sum=%ld\n", total);
  return 0;
}
