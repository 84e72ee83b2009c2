// loop_range_runtime_step.c -- loops whose address moves by a step that is known only
// at run time are checked once per loop, as strided accesses (pass/LoopRanges.h),
// counted by OMPRACER_PASS_STATS.
//
// Compiled at -O2 (the STATS-FLAGS line: at -O0 scalar evolution sees no induction
// variable) by check_stats.sh, which runs FileCheck over the pass's statistics with
// the CHECK lines below.
// STATS-FLAGS: -O2 -fno-unroll-loops
// Ranged: a column of a matrix with `cols` columns, written going down. clang makes two
// loops of it: a vectorised one for cols == 1 (a contiguous range) and the strided one
// (2).
void fill_column(int *m, long rows, long cols, long j) {
  for (long k = 0; k < rows; k++)
    m[k * cols + j] = 1;
}

// Ranged: the same going up (a negative step).
void fill_column_up(int *m, long rows, long cols, long j) {
  for (long k = rows - 1; k >= 0; k--)
    m[k * cols + j] = 2;
}

// Ranged: a search down a column, checked on the loop's exit edges.
long find_in_column(const int *m, long rows, long cols, long j, int v) {
  for (long k = 0; k < rows; k++)
    if (m[k * cols + j] == v)
      return k;
  return rows;
}

// Ranged: an address computed as an integer (scalar evolution sees through the cast).
void fill_by_offset(double *m, long rows, unsigned long row_bytes) {
  unsigned long offset = 0;
  for (long k = 0; k < rows; k++) {
    *(double *)((unsigned long)m + offset) = 3;
    offset += row_bytes;
  }
}

// Ranged: a pointer that the loop moves through integer casts (BOTS strassen's
// `B = (REAL *)((PTR)B + RowWidthBInBytes)`): two elements a row, a row an iteration.
double sum_rows_by_casts(const double *b, long rows, unsigned long row_bytes) {
  double s = 0;
  for (long k = 0; k < rows; k++) {
    s += b[0] + b[1];
    b = (const double *)((unsigned long)b + row_bytes);
  }
  return s;
}

// Not ranged: the step grows with k (not affine).
long sum_squares(const int *m, long rows) {
  long s = 0;
  for (long k = 0; k < rows; k++)
    s += m[k * k];
  return s;
}

// CHECK: ompracer: {{.*}}loop_range_runtime_step.c: instrumented 4 reads, 4 writes (7 of these reads and writes once per loop, as ranges, 0 by iteration batches)
