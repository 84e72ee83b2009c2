// race_explain_off.c -- option explain=0 leaves the why line out of text reports.
//
// Every thread's implicit task writes `b` with no barrier between: one write/write
// report, whose last line is the location (FileCheck's --implicit-check-not rejects
// any other report line, the why line included).
//
// EXPECT: race
// OPTIONS: explain=0
#include <stdio.h>

int b;

int main(void) {
#pragma omp parallel
  b = 1;
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_off.c:[[@LINE-2]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_explain_off.c:[[@LINE-3]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_off.c:[[@LINE-3]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_explain_off.c:[[@LINE-4]])
  // CHECK-NEXT: ==ompracer==   location: global 'b' of 4 bytes, declared at {{(.*/)?}}race_explain_off.c:[[@LINE-8]]
  // CHECK-NEXT: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("done\n");
  return 0;
}
