// race_for_dynamic.c -- schedule(dynamic): a conditional write of a shared scalar.
//
// With schedule(dynamic) (chunk size 1) every iteration is its own chunk, i.e.
// its own strand, and all chunks of the loop are logically parallel. Iterations
// 0, 8, 16, ... write `marker`: they race with each other whichever thread runs
// them: one write/write report. out[i] is written by iteration i only.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

#define N 64
int out[N];
int marker;

int main(void) {
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < N; i++) {
    out[i] = i * i;
    if (i % 8 == 0)
      marker = i;
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_for_dynamic.c:[[@LINE-3]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_for_dynamic.c:[[@LINE-7]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_for_dynamic.c:[[@LINE-4]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_for_dynamic.c:[[@LINE-8]])
  // CHECK-NEXT: ==ompracer==   location: global 'marker' of 4 bytes, declared at {{(.*/)?}}race_for_dynamic.c:[[@LINE-12]]
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}race_for_dynamic.c:[[@LINE-10]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += out[i];
  printf("sum=%ld marker_is_multiple_of_8=%d\n", sum, marker % 8 == 0);
  return 0;
}
