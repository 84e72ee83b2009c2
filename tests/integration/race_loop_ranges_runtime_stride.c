// race_loop_ranges_runtime_stride.c -- a loop whose address moves by a step known only
// at run time is checked once, as a strided access (pass/LoopRanges.h), over exactly
// the elements it touches: the last of them too.
//
// Two pairs of sibling tasks. One sums a column going down while its sibling writes
// the column's element in the last row; one writes a column going up (a negative
// step) while its sibling reads the column's element in row 0, the last one that loop
// writes. A strided check one element short, or starting from the wrong end, would
// miss these races: one report each, naming the loops' lines.
//
// EXPECT: race
#include <stdio.h>

#define ROWS 200
#define MAXCOLS 64
int m[ROWS * MAXCOLS];

__attribute__((noinline)) static long sum_column(const int *p, long rows, long cols, long j) {
  long s = 0;
  for (long k = 0; k < rows; k++)
    s += p[k * cols + j];
  return s;
}

__attribute__((noinline)) static void fill_up(int *p, long rows, long cols, long j, int v) {
  for (long k = rows - 1; k >= 0; k--)
    p[k * cols + j] = v;
}

int main(int argc, char **argv) {
  (void)argv;
  long cols = 40 + argc; /* known only at run time */
  long sum = 0;
  int seen = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(sum)
    sum = sum_column(m, ROWS, cols, 2);
#pragma omp task
    m[(ROWS - 1) * cols + 2] = 1;
#pragma omp task
    fill_up(m, ROWS, cols, 9, 7);
#pragma omp task shared(seen)
    seen = m[9];
  }
  // The blocks in the order of their access lines (the harness sorts them).
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_runtime_stride.c:{{21|41}}:{{[0-9]+}} in {{sum_column|main.*}} (explicit task created at {{(.*/)?}}race_loop_ranges_runtime_stride.c:{{38|40}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_runtime_stride.c:{{21|41}}:{{[0-9]+}} in {{sum_column|main.*}} (explicit task created at {{(.*/)?}}race_loop_ranges_runtime_stride.c:{{38|40}})
  // CHECK-NEXT: ==ompracer==   location: global 'm' of 51200 bytes, declared at {{(.*/)?}}race_loop_ranges_runtime_stride.c:16 (offset 32644)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_loop_ranges_runtime_stride.c:38 and {{(.*/)?}}race_loop_ranges_runtime_stride.c:40 with no dependence between them{{.*}}
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_runtime_stride.c:{{27|45}}:{{[0-9]+}} in {{fill_up|main.*}} (explicit task created at {{(.*/)?}}race_loop_ranges_runtime_stride.c:{{42|44}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_runtime_stride.c:{{27|45}}:{{[0-9]+}} in {{fill_up|main.*}} (explicit task created at {{(.*/)?}}race_loop_ranges_runtime_stride.c:{{42|44}})
  // CHECK-NEXT: ==ompracer==   location: global 'm' of 51200 bytes, declared at {{(.*/)?}}race_loop_ranges_runtime_stride.c:16 (offset 36)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_loop_ranges_runtime_stride.c:42 and {{(.*/)?}}race_loop_ranges_runtime_stride.c:44 with no dependence between them{{.*}}
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  /* The values depend on the schedule (the races): only their ranges are printed. */
  printf("sum %s, seen %s\n", sum == 0 || sum == 1 ? "0 or 1" : "wrong",
         seen == 0 || seen == 7 ? "0 or 7" : "wrong");
  return 0;
}
