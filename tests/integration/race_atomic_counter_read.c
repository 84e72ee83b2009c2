// race_atomic_counter_read.c -- the iterations of a loop update four counters under
// `omp atomic` (a histogram's bins) and a `single nowait` after the loop reads one of
// them plainly. After two iterations' updates of a counter, its later updates are
// answered by the lock-free test (writes_covered in runtime/history_precise.c): they
// would leave the counter's entries as they are. The plain read races with the updates
// of the other threads' iterations, reported whichever runs first.
//
// EXPECT: race
#include <stdio.h>

#define N 400
int bins[4], seen;

int main(void) {
#pragma omp parallel
  {
#pragma omp for schedule(dynamic, 8) nowait
    for (int i = 0; i < N; i++) {
#pragma omp atomic
      bins[i % 4]++;
    }
#pragma omp single nowait
    seen = bins[2];
  }
  // CHECK: ==ompracer== WARNING: data race ({{atomic write/read|read/atomic write}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{atomic write|read}} at {{(.*/)?}}race_atomic_counter_read.c:{{20|23}}:{{[0-9]+}} in main ({{iteration of omp for|implicit task of omp parallel}} at {{(.*/)?}}race_atomic_counter_read.c:{{17|15}})
  // CHECK-NEXT: ==ompracer==   {{atomic write|read}} at {{(.*/)?}}race_atomic_counter_read.c:{{20|23}}:{{[0-9]+}} in main ({{iteration of omp for|implicit task of omp parallel}} at {{(.*/)?}}race_atomic_counter_read.c:{{17|15}})
  // CHECK-NEXT: ==ompracer==   location: global 'bins' of 16 bytes, declared at {{(.*/)?}}race_atomic_counter_read.c:12 (offset 8)
  // CHECK-NEXT: ==ompracer==   why: {{.*}}race_atomic_counter_read.c:17{{.*}}
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("total %d\n", bins[0] + bins[1] + bins[2] + bins[3]);
  return 0;
}
