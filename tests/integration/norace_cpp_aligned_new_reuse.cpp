// norace_cpp_aligned_new_reuse.cpp -- sibling tasks get the same heap blocks from
// aligned new and new[] (plain, nothrow and over-aligned types).
//
// Every task allocates three 64-byte aligned blocks: `new (std::align_val_t(64))
// double[n]`, the nothrow form of the same, and `new Line[n]` for an over-aligned
// type (alignas(64): clang calls the aligned operator new[] itself). It fills
// them through pointers, sums them and frees them with the matching aligned
// operator delete[] and delete[]. The allocator hands the blocks freed by one task
// to the next task that runs on the same thread, although the two tasks are
// logically parallel: if a block kept the freed one's history, the second task's
// writes would be reported against the first task's. Each task writes its own
// out[i]. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <cstdio>
#include <new>

#define NT 40
#define LEN 32
long out[NT];

struct alignas(64) Line {
  double d[8];
};

__attribute__((noinline)) static void fill(double *b, int n, int v) {
  for (int k = 0; k < n; k++)
    b[k] = v * k;
}

__attribute__((noinline)) static long sum(const double *b, int n) {
  double s = 0;
  for (int k = 0; k < n; k++)
    s += b[k];
  return (long)s;
}

__attribute__((noinline)) static long fill_and_sum(Line *c, int n, int v) {
  long s = 0;
  for (int k = 0; k < n; k++) {
    fill(c[k].d, 8, v + k);
    s += sum(c[k].d, 8);
  }
  return s;
}

int main() {
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < NT; i++) {
#pragma omp task firstprivate(i)
      {
        double *a = new (std::align_val_t(64)) double[LEN];
        double *b = new (std::align_val_t(64), std::nothrow) double[LEN];
        Line *c = new Line[LEN / 8];
        fill(a, LEN, i);
        long s = sum(a, LEN);
        if (b) {
          fill(b, LEN, i + 1);
          s += sum(b, LEN);
        }
        s += fill_and_sum(c, LEN / 8, i + 2);
        out[i] = s;
        ::operator delete[](a, std::align_val_t(64));
        ::operator delete[](b, std::align_val_t(64));
        delete[] c;
      }
    }
  }
  long total = 0;
  for (int i = 0; i < NT; i++)
    total += out[i];
  std::printf("sum=%ld\n", total);
  return 0;
}
