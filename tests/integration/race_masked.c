// race_masked.c -- two masked constructs for different threads write one variable.
//
// `masked filter(1)` runs on thread 1 and `masked` (filter 0) on thread 0; a
// masked construct has no barrier, and the two threads' implicit tasks are
// logically parallel: one write/write report between the two sites. Each thread
// also writes its own `mine[]` element (no race).
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

int token;
int mine[64];

int main(void) {
#pragma omp parallel
  {
#pragma omp masked filter(1)
    {
      token = 1;
      mine[1] = 11;
    }
#pragma omp masked
    {
      token = 2;
      mine[0] = 10;
    }
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_masked.c:[[@LINE-10]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_masked.c:[[@LINE-14]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_masked.c:[[@LINE-6]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_masked.c:[[@LINE-15]])
  // CHECK-NEXT: ==ompracer==   location: global 'token' of 4 bytes, declared at {{(.*/)?}}race_masked.c:[[@LINE-20]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_masked.c:[[@LINE-17]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("mine=%d,%d token_ok=%d\n", mine[0], mine[1], token == 1 || token == 2);
  return 0;
}
