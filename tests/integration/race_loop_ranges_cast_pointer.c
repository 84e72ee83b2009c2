// race_loop_ranges_cast_pointer.c -- a loop that moves its pointer through integer
// casts, a row of a matrix per iteration (`p = (double *)((uintptr_t)p + row_bytes)`,
// as BOTS strassen's inner loops do), is checked once, as a strided access of the
// bytes each iteration reads (pass/LoopRanges.h): exactly those, the last row's too.
//
// One task sums the first two elements of every row; a sibling writes the second
// element of the last row (a race: a strided check one row short misses it), another
// writes the third element of the last row and another the first element of the row
// after the last (no race: the loop reads neither, so a range over all the rows'
// bytes, or one row too many, would report them). One report.
//
// EXPECT: race
#include <stdint.h>
#include <stdio.h>

#define ROWS 100
#define MAXCOLS 16
double m[(ROWS + 1) * MAXCOLS];

__attribute__((noinline)) static double sum_pairs(const double *p, long rows, uintptr_t row_bytes) {
  double s = 0;
  for (long k = 0; k < rows; k++) {
    s += p[0] + p[1];
    p = (const double *)((uintptr_t)p + row_bytes);
  }
  return s;
}

int main(int argc, char **argv) {
  (void)argv;
  long cols = 8 + argc; /* known only at run time */
  double sum = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(sum)
    sum = sum_pairs(m, ROWS, cols * sizeof(double));
#pragma omp task
    m[(ROWS - 1) * cols + 1] = 1;
#pragma omp task
    m[(ROWS - 1) * cols + 2] = 2;
#pragma omp task
    m[ROWS * cols] = 3;
  }
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_cast_pointer.c:{{23|39}}:{{[0-9]+}} in {{sum_pairs|main.*}} (explicit task created at {{(.*/)?}}race_loop_ranges_cast_pointer.c:{{36|38}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_cast_pointer.c:{{23|39}}:{{[0-9]+}} in {{sum_pairs|main.*}} (explicit task created at {{(.*/)?}}race_loop_ranges_cast_pointer.c:{{36|38}})
  // CHECK-NEXT: ==ompracer==   location: global 'm' of 12928 bytes, declared at {{(.*/)?}}race_loop_ranges_cast_pointer.c:18 (offset 7136)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_loop_ranges_cast_pointer.c:36 and {{(.*/)?}}race_loop_ranges_cast_pointer.c:38 with no dependence between them{{.*}}
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("sum %s\n", sum == 0 || sum == 1 ? "0 or 1" : "wrong");
  return 0;
}
