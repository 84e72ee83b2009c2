// race_loop_range_onward.c -- a taskloop task reads all of `a` in each of its iterations
// and writes one element in iteration 4; two sibling tasks read all of `a` too. When the
// siblings read first, their reads cover the taskloop's (it keeps no entry of its own),
// so its first iteration's read answers onward and the later ones are answered by an
// onward record (runtime/history_range_repeats.h); the element it wrote since is the
// record's hole, checked for real: the write's race with the reads of the later
// iterations is reported whichever task runs first, and so is its race with the
// siblings' reads.
//
// EXPECT: race
#include <stdio.h>

#define N 64
#define M 16
double a[N], sums[M], sum1, sum2;

__attribute__((noinline)) static double read_all(void) {
  double s = 0;
  for (int k = 0; k < N; k++)
    s += a[k];
  return s;
}

int main(void) {
  for (int k = 0; k < N; k++)
    a[k] = k;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    sum1 = read_all();
#pragma omp task
    sum2 = read_all();
#pragma omp task
#pragma omp taskloop num_tasks(1)
    for (int i = 0; i < M; i++) {
      double s = 0;
      for (int k = 0; k < N; k++)
        s += a[k] * i;
      sums[i] = s;
      if (i == 4)
        a[7] = s;
    }
  }
  // CHECK: ==ompracer== WARNING: data race (read/write) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_loop_range_onward.c:20:{{[0-9]+}} in read_all (explicit task created at {{(.*/)?}}race_loop_range_onward.c:{{30|32}})
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_loop_range_onward.c:42:{{[0-9]+}} in main (iteration of omp taskloop at {{(.*/)?}}race_loop_range_onward.c:35)
  // CHECK-NEXT: ==ompracer==   location: global 'a' of 512 bytes, declared at {{(.*/)?}}race_loop_range_onward.c:15 (offset 56)
  // CHECK-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}race_loop_range_onward.c:{{30|32}} runs in parallel with what its creator does after creating it{{.*}}
  // CHECK: ==ompracer== WARNING: data race (read/write) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_loop_range_onward.c:39:{{[0-9]+}} in main (iteration of omp taskloop at {{(.*/)?}}race_loop_range_onward.c:35)
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_loop_range_onward.c:42:{{[0-9]+}} in main (iteration of omp taskloop at {{(.*/)?}}race_loop_range_onward.c:35)
  // CHECK-NEXT: ==ompracer==   location: global 'a' of 512 bytes, declared at {{(.*/)?}}race_loop_range_onward.c:15 (offset 56)
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp taskloop at {{(.*/)?}}race_loop_range_onward.c:35: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  printf("sums %s\n", sums[M - 1] > 0 && sum1 > 0 && sum2 > 0 ? "positive" : "not positive");
  return 0;
}
