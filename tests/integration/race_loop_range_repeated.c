// race_loop_range_repeated.c -- a loop range that one strand checks again and again (a
// row read once for every column, as a matrix multiply reads it) is skipped when it
// repeats (runtime/history_range_repeats.h); a sibling task's write to the row is still
// reported, whichever task runs first, and so is a write to the matrix.
//
// EXPECT: race
#include <stdio.h>

#define N 64
double row[N], m[N][N];

__attribute__((noinline)) static double row_times_matrix(void) {
  double s = 0;
  for (int j = 0; j < N; j++)
    for (int k = 0; k < N; k++)
      s += row[k] * m[k][j];
  return s;
}

int main(void) {
  double s = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(s)
    s = row_times_matrix();
#pragma omp task
    row[N - 1] = 1;
#pragma omp task
    m[N - 1][N - 1] = 1;
  }
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_range_repeated.c:{{16|28}}:{{[0-9]+}} in {{row_times_matrix|main.*}} (explicit task created at {{(.*/)?}}race_loop_range_repeated.c:{{25|27}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_range_repeated.c:{{16|28}}:{{[0-9]+}} in {{row_times_matrix|main.*}} (explicit task created at {{(.*/)?}}race_loop_range_repeated.c:{{25|27}})
  // CHECK-NEXT: ==ompracer==   location: global 'row' of 512 bytes, declared at {{(.*/)?}}race_loop_range_repeated.c:10 (offset 504)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_loop_range_repeated.c:25 and {{(.*/)?}}race_loop_range_repeated.c:27 with no dependence between them{{.*}}
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_range_repeated.c:{{16|30}}:{{[0-9]+}} in {{row_times_matrix|main.*}} (explicit task created at {{(.*/)?}}race_loop_range_repeated.c:{{25|29}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_range_repeated.c:{{16|30}}:{{[0-9]+}} in {{row_times_matrix|main.*}} (explicit task created at {{(.*/)?}}race_loop_range_repeated.c:{{25|29}})
  // CHECK-NEXT: ==ompracer==   location: global 'm' of 32768 bytes, declared at {{(.*/)?}}race_loop_range_repeated.c:10 (offset 32760)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_loop_range_repeated.c:25 and {{(.*/)?}}race_loop_range_repeated.c:29 with no dependence between them{{.*}}
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  printf("s %s\n", s >= 0 ? "ok" : "wrong");
  return 0;
}
