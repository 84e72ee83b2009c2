// norace_loop_ranges_runtime_stride.c -- loops whose address moves by a step known only
// at run time (a column of a matrix whose row length is a variable) are checked once
// per loop as a strided access (pass/LoopRanges.h): one run of bytes per iteration,
// the step apart, never the bytes between them.
//
// Pairs of sibling tasks (logically parallel) touch neighbouring columns of one
// matrix: one writes column 3 going down, the other column 4 going up (a negative
// step); one sums column 5 while the other writes column 6; one searches column 7 and
// stops at the row of a marker (checked on the loop's exit edge) while the other
// writes column 7 below that row; and one writes one element again and again through
// a step that is 0 at run time while the other writes its neighbour; and one writes
// every other element of a row through addresses computed as integers (BOTS
// strassen's style, a cast of base + offset) while the other writes the elements in
// between. A check that
// covered the bytes between the runs (a range from the first to the last) would report
// races with the neighbouring column. No race, at every -O level.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define ROWS 256
#define MAXCOLS 64
int m[ROWS * MAXCOLS];
int repeated[2], interleaved[2 * ROWS];

__attribute__((noinline)) static void fill_down(int *p, long rows, long cols, long j, int v) {
  for (long k = 0; k < rows; k++)
    p[k * cols + j] = v;
}

__attribute__((noinline)) static void fill_up(int *p, long rows, long cols, long j, int v) {
  for (long k = rows - 1; k >= 0; k--)
    p[k * cols + j] = v;
}

__attribute__((noinline)) static long sum_column(const int *p, long rows, long cols, long j) {
  long s = 0;
  for (long k = 0; k < rows; k++)
    s += p[k * cols + j];
  return s;
}

/* The first row whose element of column j is v, or rows. */
__attribute__((noinline)) static long find_in_column(const int *p, long rows, long cols, long j,
                                                     int v) {
  for (long k = 0; k < rows; k++)
    if (p[k * cols + j] == v)
      return k;
  return rows;
}

/* rows writes of p[k * step]: all of p[0] when step is 0. */
__attribute__((noinline)) static void fill_stepped(int *p, long rows, long step, int v) {
  for (long k = 0; k < rows; k++)
    p[k * step] = v;
}

/* rows writes of every other int from p, the address computed as an integer. */
__attribute__((noinline)) static void fill_by_offset(int *p, long rows, int v) {
  uintptr_t offset = 0;
  for (long k = 0; k < rows; k++) {
    *(int *)((uintptr_t)p + offset) = v;
    offset += 2 * sizeof(int);
  }
}

int main(int argc, char **argv) {
  (void)argv;
  long cols = 48 + argc; /* known only at run time */
  long zero = argc - 1;
  for (long k = 0; k < ROWS; k++)
    m[k * cols + 5] = (int)k;
  m[(ROWS / 2) * cols + 7] = -1; /* find_in_column stops there */
  long sum = 0, found = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    fill_down(m, ROWS, cols, 3, 1);
#pragma omp task
    fill_up(m, ROWS, cols, 4, 2);
#pragma omp task shared(sum)
    sum = sum_column(m, ROWS, cols, 5);
#pragma omp task
    fill_down(m, ROWS, cols, 6, 3);
#pragma omp task shared(found)
    found = find_in_column(m, ROWS, cols, 7, -1);
#pragma omp task
    fill_down(m + (ROWS / 2 + 1) * cols, ROWS / 2 - 1, cols, 7, 4);
#pragma omp task
    fill_stepped(&repeated[0], ROWS, zero, 5);
#pragma omp task
    fill_stepped(&repeated[1], ROWS, zero, 6);
#pragma omp task
    fill_by_offset(interleaved, ROWS, 7);
#pragma omp task
    fill_by_offset(interleaved + 1, ROWS, 8);
  }
  printf("sum %ld found %ld\n", sum, found);
  return sum == (long)ROWS * (ROWS - 1) / 2 && found == ROWS / 2 && m[3] == 1 && m[4] == 2 &&
                 repeated[0] == 5 && repeated[1] == 6 && interleaved[2 * ROWS - 1] == 8
             ? 0
             : 1;
}
