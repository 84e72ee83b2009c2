// race_location_kinds.c -- the location line names the memory that raced: an element
// of a global array (with its offset), an element of a heap block (with the
// allocation site and offset), and a local variable shared by two tasks.
//
// EXPECT: race
#include <stdio.h>
#include <stdlib.h>

int counts[16];

int main(void) {
  double *buf = malloc(100 * sizeof *buf);
  if (!buf)
    return 1;
  int sum = 0;
#pragma omp parallel
  {
    counts[3] = 1;
    buf[1] = 1.0;
#pragma omp single
    {
#pragma omp task shared(sum)
      sum = 1;
#pragma omp task shared(sum)
      sum = 1;
    }
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_location_kinds.c:[[@LINE-11]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_location_kinds.c:[[@LINE-13]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_location_kinds.c:[[@LINE-12]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_location_kinds.c:[[@LINE-14]])
  // CHECK-NEXT: ==ompracer==   location: global 'counts' of 64 bytes, declared at {{(.*/)?}}race_location_kinds.c:[[@LINE-22]] (offset 12)
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_location_kinds.c:[[@LINE-16]], with no barrier between them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_location_kinds.c:[[@LINE-15]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_location_kinds.c:[[@LINE-18]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_location_kinds.c:[[@LINE-16]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_location_kinds.c:[[@LINE-19]])
  // CHECK-NEXT: ==ompracer==   location: heap block of 800 bytes allocated at {{(.*/)?}}race_location_kinds.c:[[@LINE-24]] in main (offset 8)
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_location_kinds.c:[[@LINE-21]], with no barrier between them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_location_kinds.c:[[@LINE-16]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_location_kinds.c:[[@LINE-17]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_location_kinds.c:[[@LINE-15]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_location_kinds.c:[[@LINE-16]])
  // CHECK-NEXT: ==ompracer==   location: local 'sum' of main, declared at {{(.*/)?}}race_location_kinds.c:[[@LINE-26]]
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_location_kinds.c:[[@LINE-20]] and {{(.*/)?}}race_location_kinds.c:[[@LINE-18]] with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== SUMMARY: 3 data race(s) reported
  printf("counts[3]=%d buf[1]=%.1f sum=%d\n", counts[3], buf[1], sum);
  free(buf);
  return 0;
}
