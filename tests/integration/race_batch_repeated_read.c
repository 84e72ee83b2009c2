// race_batch_repeated_read.c -- a worksharing loop reads a shared variable in every
// iteration while a `single nowait` before it writes the variable: a read at a fixed
// address in every iteration of a batch (pass/IterationBatches.h, from -O1 on), which
// the runtime checks in full only until the history covers it for every later
// iteration (runtime/hooks.c, "Repeated reads"). The race is reported whichever of the
// write and the reads the schedule checks first, at every -O level and thread count.
// A second loop reads another variable that nothing writes in the region: no report.
//
// EXPECT: race
#include <stdio.h>

#define N 4096
double a[N], b[N];
double scale = 2.0, offset = 1.0;

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp parallel
  {
#pragma omp single nowait
    scale = 3.0;
#pragma omp for
    for (int i = 0; i < N; i++)
      b[i] = a[i] * scale;
#pragma omp for
    for (int i = 0; i < N; i++)
      a[i] = b[i] + offset;
  }
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_batch_repeated_read.c:{{22|25}}:{{[0-9]+}} in main ({{implicit task of omp parallel|iteration of omp for}} at {{(.*/)?}}race_batch_repeated_read.c:{{19|23}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_batch_repeated_read.c:{{22|25}}:{{[0-9]+}} in main ({{implicit task of omp parallel|iteration of omp for}} at {{(.*/)?}}race_batch_repeated_read.c:{{19|23}})
  // CHECK-NEXT: ==ompracer==   location: global 'scale' of 8 bytes, declared at {{(.*/)?}}race_batch_repeated_read.c:14
  // CHECK-NEXT: ==ompracer==   why: {{.*}}race_batch_repeated_read.c:21 {{.*}}
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("%s\n", a[1] == 3.0 || a[1] == 4.0 ? "ok" : "wrong");
  return 0;
}
